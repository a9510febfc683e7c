import { useTranslation } from '../../../i18n/use-translation.ts';
import { Form, useLocation, useNavigate } from 'react-router';
import { ClipboardList } from '../../../components/icons/clipboard-list.tsx';
import {
  adminClaimsQuery,
  adminClaimsSearchMax as searchMax,
  claimQueueFilters,
  type ClaimQueueFilter,
} from '../../../../shared/schemas/admin-claims.ts';
import { EmptyState, SkeletonRows, usePendingList } from '../../../components/account/states.tsx';
import { Pagination } from '../../../components/account/pagination.tsx';
import { pageCount, readListQuery, withParams } from '../../../components/account/list-query.ts';
import { ClaimsTable } from '../../../components/admin/claims/claims-table.tsx';
import { useLeftOut } from '../../../components/admin/left-out.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { useLiveClaims } from '../../../components/admin/use-live-claims.ts';
import type { Route } from './+types/list';

const pageSize = 25;

/**
 * The claims queue (issue 6 §2): the same list as GET /api/v1/admin/claims/, read in-process. Filter, search and page
 * live in the address; a parameter the queue cannot take (a search past 200 characters, an unknown status) is left
 * out and said beside its field, the rest still applied, rather than an error page or a silently whole queue.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { query: q, refused } = readListQuery(
    adminClaimsQuery,
    { ...params, size: String(pageSize) },
    { page: 1, size: pageSize, status: undefined, q: undefined },
  );
  let found = await services.admin.claims.list(q);
  // Past the last page (claims left the filter since the link was made): the last page instead of an empty one.
  const last = pageCount(found.count, pageSize);
  if (q.page > last) {
    q.page = last;
    found = await services.admin.claims.list(q);
  }
  return {
    page: q.page,
    count: found.count,
    claims: found.results,
    status: q.status ?? null,
    // What was asked for, even when refused: the field shows it with the reason beside it.
    q: q.q ?? (refused.q ? (params.q ?? '') : ''),
    refused,
  };
}

function Filters({
  status,
  q,
  refused,
}: {
  status: ClaimQueueFilter | null;
  q: string;
  refused: Record<string, string>;
}) {
  const { t } = useTranslation('adminClaims');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tClaim } = useTranslation('claim');
  const navigate = useNavigate();
  const { search } = useLocation();
  const field =
    'focus-ring mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm';
  // What the address asked for and the queue left out, each with its field's name.
  const { notice, invalid } = useLeftOut(refused, { status: t('filter.status'), q: t('filter.q') });
  return (
    <>
      <Form method="get" className="mt-5 grid gap-3 sm:grid-cols-[14rem_1fr_auto_auto] sm:items-end" role="search">
        <label className="text-sm font-medium text-slate-700">
          {t('filter.status')}
          <select
            name="status"
            value={status ?? ''}
            onChange={(e) =>
              void navigate(withParams(search, { status: e.currentTarget.value, page: null }) || '?', {
                preventScrollReset: true,
              })
            }
            className={field}
            {...invalid('status')}
          >
            <option value="">{t('filter.all')}</option>
            {claimQueueFilters.map((s) => (
              <option key={s} value={s}>
                {s === 'waiting'
                  ? t('filter.waiting')
                  : s === 'offer_lapsed'
                    ? t('filter.offerLapsed')
                    : tClaim(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('filter.q')}
          <input
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder={t('filter.qPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={searchMax}
            className={field}
            {...invalid('q')}
          />
        </label>
        <button type="submit" className="btn-primary">
          {tAdmin('common.search')}
        </button>
        <a href={withParams(search, { status: null, q: null, page: null }) || '?'} className="btn-ghost text-center">
          {tAdmin('common.reset')}
        </a>
      </Form>
      {notice}
    </>
  );
}

export default function ClaimsQueue({ loaderData: { page, count, claims, status, q, refused } }: Route.ComponentProps) {
  // New claims and status changes show up without a reload.
  useLiveClaims();
  const { t } = useTranslation('adminClaims');
  const { t: tAdmin } = useTranslation('admin');
  const pending = usePendingList(['status', 'q', 'page']);
  const noneYet = !status && !q && count === 0;
  return (
    <section className="card p-4 sm:p-6">
      <PageTitle title={t('title')} />
      <h1 className="text-2xl font-bold text-ink">{t('title')}</h1>
      <p className="mt-1 text-slate-600">{t('text')}</p>
      <Filters status={status} q={q} refused={refused} />
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {tAdmin('common.total', { count })}
      </p>
      <div className="mt-2">
        {pending ? (
          <SkeletonRows rows={5} testId="admin-claims-loading" />
        ) : claims.length ? (
          <ClaimsTable claims={claims} />
        ) : (
          <EmptyState
            icon={<ClipboardList aria-hidden="true" className="size-6" />}
            // Without a filter nothing is left to change: the exchange has no claim yet.
            title={t(noneYet ? 'list.noneYetTitle' : 'list.emptyTitle')}
            text={t(noneYet ? 'list.noneYetText' : 'list.emptyText')}
            testId="admin-claims-empty"
          />
        )}
      </div>
      <Pagination page={page} count={count} size={pageSize} />
    </section>
  );
}
