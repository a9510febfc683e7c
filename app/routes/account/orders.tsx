import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import { ClipboardList } from '../../components/icons/clipboard-list.tsx';
import { paths } from '../../../shared/paths.ts';
import { claimStatusValues, type ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { accountReader } from '../../components/account/account-reader.server.ts';
import { pageCount, pageParam, withParams } from '../../components/account/list-query.ts';
import { OrdersList } from '../../components/account/orders-list.tsx';
import { Pagination } from '../../components/account/pagination.tsx';
import { AccountError, EmptyState, SkeletonRows, usePendingList } from '../../components/account/states.tsx';
import { AccountSection } from '../../components/account-section.tsx';
import { statusTone } from '../../components/claim/claim-format.ts';
import { statusChoiceName } from '../../components/claim/status-badge.tsx';
import { useLocalizedHref } from '../../lib/locale.ts';
import type { Route } from './+types/orders';

const pageSize = 10;

/**
 * The customer's claims (where a login lands, docs/product/site.md): the same list as GET /api/v1/users/me/claims/,
 * read in-process as the user (account-reader.server.ts says why). The filter and the page are the address's `status`
 * and `page`.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, services, locale } = await accountReader(context, request);
  const params = new URL(request.url).searchParams;
  const wanted = params.get('status');
  // An unknown status (a mangled link) shows every claim rather than an error page.
  const status = claimStatusValues.find((s) => s === wanted);
  let page = pageParam(params.get('page'));
  let found = await services.claims.listOfUser(user.id, { page, size: pageSize, status }, locale);
  // Past the last page (claims changed status since the link was made): the last page instead of an empty one.
  const last = pageCount(found.count, pageSize);
  if (page > last) {
    page = last;
    found = await services.claims.listOfUser(user.id, { page, size: pageSize, status }, locale);
  }
  return { status: status ?? null, page, size: pageSize, count: found.count, claims: found.results };
}

/**
 * Every status, in the claim page's order (its badge colours): the filter's choices, each named as the list's badges
 * name its claims (`statusChoiceName`).
 */
const statuses = Object.keys(statusTone) as ClaimStatusValue[];

function StatusFilter({ status }: { status: ClaimStatusValue | null }) {
  const { t } = useTranslation('account');
  const { t: tClaim } = useTranslation('claim');
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    // A GET form: the filter is part of the address. With scripts a change applies at once.
    // A phone's width holds the form: the select narrows (its longest choice names two badges) rather than overflow.
    <Form method="get" className="flex max-w-full min-w-0 items-center gap-2">
      <label htmlFor="orders-status" className="text-sm font-medium text-slate-700">
        {t('orders.filter')}
      </label>
      <select
        id="orders-status"
        name="status"
        value={status ?? ''}
        onChange={(e) =>
          void navigate(withParams(search, { status: e.currentTarget.value, page: null }) || '?', {
            preventScrollReset: true,
          })
        }
        className="focus-ring min-w-0 rounded-xl border border-slate-300 bg-white py-2 pr-8 pl-3 text-sm text-ink shadow-sm"
      >
        <option value="">{t('orders.all')}</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {statusChoiceName(tClaim, s)}
          </option>
        ))}
      </select>
    </Form>
  );
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  const { status, page, size, count, claims } = loaderData;
  const { t } = useTranslation('account');
  const to = useLocalizedHref();
  const pending = usePendingList();
  const heading = useRef<HTMLHeadingElement>(null);
  const wasPending = useRef(false);
  // A page link (or the filter's "show all") goes with the list while the next page loads, and the focus fell to the
  // body: once the new page is in, the list's heading takes it, so the keyboard goes on from the top of the new list.
  // A control that kept the focus (the status filter) keeps it.
  useEffect(() => {
    if (pending) {
      wasPending.current = true;
      return;
    }
    if (!wasPending.current) return;
    wasPending.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [pending]);
  let body;
  if (pending) body = <SkeletonRows rows={4} testId="orders-loading" />;
  else if (!claims.length && status)
    body = (
      <EmptyState
        icon={<ClipboardList aria-hidden="true" className="size-6" />}
        title={t('orders.noneTitle')}
        text={t('orders.noneText')}
        testId="orders-empty"
        action={
          <Link to="?" preventScrollReset className="btn-secondary">
            {t('orders.noneAction')}
          </Link>
        }
      />
    );
  else if (!claims.length)
    body = (
      <EmptyState
        icon={<ClipboardList aria-hidden="true" className="size-6" />}
        title={t('orders.emptyTitle')}
        text={t('orders.emptyText')}
        testId="orders-empty"
        action={
          <Link to={to(paths.home)} className="btn-primary">
            {t('orders.emptyAction')}
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <OrdersList claims={claims} />
        <Pagination page={page} count={count} size={size} />
      </>
    );
  return (
    <>
      <AccountSection section="orders" headingRef={heading} />
      {(count > 0 || status) && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <StatusFilter status={status} />
          <p className="text-sm text-slate-600" aria-live="polite">
            {pending ? null : t('common.total', { count })}
          </p>
        </div>
      )}
      <div className="mt-4" aria-busy={pending || undefined}>
        {body}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AccountError />;
}
