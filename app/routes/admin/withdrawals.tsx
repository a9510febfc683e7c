import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Form, useLocation, useNavigate } from 'react-router';
import { HandCoins } from '../../components/icons/hand-coins.tsx';
import { adminWithdrawalsQuery, withdrawalStatusValues } from '../../../shared/schemas/admin-partners.ts';
import { pageCount, readListQuery, withParams } from '../../components/account/list-query.ts';
import { useLeftOut } from '../../components/admin/left-out.tsx';
import { Pagination } from '../../components/account/pagination.tsx';
import { EmptyState, SkeletonRows, usePendingList } from '../../components/account/states.tsx';
import { ReferralSettingsForm } from '../../components/admin/partners/referral-settings-form.tsx';
import { WithdrawalCard } from '../../components/admin/partners/withdrawal-card.tsx';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { PageTitle } from '../../components/page-title.tsx';
import type { Route } from './+types/withdrawals';

const pageSize = 25;

/**
 * Partner withdrawals (issue 6 §5): the same list as GET /api/v1/admin/withdrawals/, read in-process; pending requests by
 * default (the queue, oldest first). The programme's terms below the queue.
 */
const allStatuses = 'all';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  const params = new URL(request.url).searchParams;
  // No parameter = the queue; `status=all` (chosen "all"; `status=` too) = every request. "All" needs a value of its
  // own: an empty one is dropped from the address (withParams), which then read as the queue again.
  const asked = params.get('status');
  const status = asked === null ? 'pending' : asked === allStatuses ? '' : asked;
  // A status the list does not know is left out (every request is shown) and said under the filter, not passed over.
  const { query: q, refused } = readListQuery(
    adminWithdrawalsQuery,
    { page: params.get('page') ?? undefined, size: String(pageSize), status },
    { page: 1, size: pageSize, status: undefined },
  );
  let found = await services.admin.partners.list(q);
  const last = pageCount(found.count, pageSize);
  if (q.page > last) {
    q.page = last;
    found = await services.admin.partners.list(q);
  }
  return {
    page: q.page,
    count: found.count,
    items: found.results,
    status: q.status ?? allStatuses,
    refused,
    settings: await services.admin.partners.settings(),
  };
}

export default function Withdrawals({
  loaderData: { page, count, items, status, refused, settings },
}: Route.ComponentProps) {
  const { t } = useTranslation('adminPartners');
  const { t: tAdmin } = useTranslation('admin');
  const { notice, invalid } = useLeftOut(refused, { status: t('filter.status') });
  const navigate = useNavigate();
  const { search } = useLocation();
  const pending = usePendingList(['status', 'page']);
  // The last decision's confirmation, above the list that no longer holds its card (WithdrawalCard, `onDecided`).
  const [decided, setDecided] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <section className="card p-4 sm:p-6">
        <PageTitle title={t('title')} />
        <h1 className="text-2xl font-bold text-ink">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('text')}</p>
        <Form method="get" className="mt-5 max-w-xs">
          <label className="text-sm font-medium text-slate-700">
            {t('filter.status')}
            <select
              name="status"
              value={status}
              onChange={(e) =>
                void navigate(withParams(search, { status: e.currentTarget.value, page: null }), {
                  preventScrollReset: true,
                })
              }
              className="focus-ring mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-ink"
              {...invalid('status')}
            >
              <option value={allStatuses}>{t('filter.all')}</option>
              {withdrawalStatusValues.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="btn-secondary mt-2">
              {tAdmin('common.search')}
            </button>
          </noscript>
        </Form>
        {notice}
        {decided && (
          <p role="status" className="mt-4 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {decided}
          </p>
        )}
        <p className="mt-4 text-sm text-slate-600" aria-live="polite">
          {tAdmin('common.total', { count })}
        </p>
        <div className="mt-2">
          {pending ? (
            <SkeletonRows rows={3} />
          ) : items.length ? (
            <ul className="space-y-3">
              {items.map((item) => (
                <WithdrawalCard key={`${item.id}-${item.status}`} item={item} onDecided={setDecided} />
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={<HandCoins aria-hidden="true" className="size-6" />}
              title={t('emptyTitle')}
              text={t('emptyText')}
            />
          )}
        </div>
        <Pagination page={page} count={count} size={pageSize} />
      </section>
      <ReferralSettingsForm settings={settings} />
    </div>
  );
}
