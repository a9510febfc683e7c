import { useTranslation } from '../../i18n/use-translation.ts';
import { Form, Link, useLocation } from 'react-router';
import { RotateCcwClock as History } from '../icons/rotate-ccw-clock.tsx';
import type { DwItem } from '../../../shared/schemas/referral.ts';
import { useLocale } from '../../lib/locale.ts';
import { TextField } from '../form/fields.tsx';
import { withParams } from './list-query.ts';
import { Pagination } from './pagination.tsx';
import { EmptyState, SkeletonRows } from './states.tsx';
import { formatDateTime, formatMoney } from '../../../shared/format.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';

export interface DwFilter {
  date_from: string;
  date_to: string;
}

/** The history's date filter: a GET form, so the dates are part of the address and the loader checks them. */
function DateFilter({ filter, errors }: { filter: DwFilter; errors: Record<string, string[]> }) {
  const { t } = useTranslation('account');
  const { search } = useLocation();
  const filtered = !!(filter.date_from || filter.date_to);
  return (
    // Keyed by the address: after a reset the inputs show the address's dates again.
    <Form
      key={search}
      method="get"
      preventScrollReset
      className="flex flex-wrap items-start gap-3"
      aria-label={t('referrer.history.title')}
    >
      <TextField
        className="w-full sm:w-44"
        type="date"
        name="date_from"
        label={t('referrer.history.from')}
        defaultValue={filter.date_from}
        errors={errors.date_from}
      />
      <TextField
        className="w-full sm:w-44"
        type="date"
        name="date_to"
        label={t('referrer.history.to')}
        defaultValue={filter.date_to}
        errors={errors.date_to}
      />
      <div className="flex gap-2 sm:mt-7">
        <button type="submit" className="btn-primary py-2.5">
          {t('referrer.history.apply')}
        </button>
        {filtered && (
          <Link
            to={withParams(search, { date_from: null, date_to: null, page: null }) || '?'}
            preventScrollReset
            className="btn-ghost py-2.5"
          >
            {t('referrer.history.reset')}
          </Link>
        )}
      </div>
    </Form>
  );
}

function Row({ item, currency }: { item: DwItem; currency: string }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const zone = useVisitorTimeZone();
  const negative = item.amount.startsWith('-');
  let detail: string | null = null;
  // Only the claim's short number: the full id is the address of another customer's claim page.
  if (item.claim) detail = t('referrer.history.forClaim', { number: item.claim });
  else if (item.withdrawal) detail = t('referrer.history.forWithdrawal', { id: item.withdrawal });
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
      data-testid="dw-item"
      data-kind={item.kind}
    >
      <div className="min-w-0">
        <p className="font-medium text-ink">
          {t(`referrer.history.kind.${item.kind}`)}
          {item.status && item.kind === 'withdrawal' && (
            <span className="ml-2 text-sm font-normal text-slate-600">
              · {t(`referrer.withdrawals.status.${item.status}`)}
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          <time dateTime={item.date}>{formatDateTime(item.date, locale, zone)}</time>
          {detail && <> · {detail}</>}
        </p>
      </div>
      <p className={`font-semibold tabular-nums ${negative ? 'text-ink' : 'text-emerald-700'}`}>
        {negative ? '' : '+'}
        {formatMoney(item.amount, { symbol: currency, decimals: 2 }, locale)}
      </p>
    </li>
  );
}

/** Deposits (accruals), withdrawals and returns, newest first, with the date filter and pages. */
export function DwHistory({
  items,
  count,
  page,
  size,
  filter,
  errors,
  currency,
  pending,
}: {
  /** Null when the filter was refused (bad dates): the errors say why. */
  items: DwItem[] | null;
  count: number;
  page: number;
  size: number;
  filter: DwFilter;
  errors: Record<string, string[]>;
  currency: string;
  pending: boolean;
}) {
  const { t } = useTranslation('account');
  const filtered = !!(filter.date_from || filter.date_to);
  let body = null;
  if (pending) body = <SkeletonRows rows={3} testId="dw-loading" />;
  else if (items && !items.length)
    body = (
      <EmptyState
        icon={<History aria-hidden="true" className="size-6" />}
        title={t(filtered ? 'referrer.history.noneTitle' : 'referrer.history.emptyTitle')}
        text={t(filtered ? 'referrer.history.noneText' : 'referrer.history.emptyText')}
        testId="dw-empty"
      />
    );
  else if (items)
    body = (
      <>
        <ul className="divide-y divide-slate-200" data-testid="dw-list">
          {items.map((item) => (
            <Row key={item.id} item={item} currency={currency} />
          ))}
        </ul>
        <Pagination page={page} count={count} size={size} label={t('referrer.history.title')} />
      </>
    );
  return (
    <div className="space-y-4">
      <DateFilter filter={filter} errors={errors} />
      <div aria-busy={pending || undefined}>{body}</div>
    </div>
  );
}
