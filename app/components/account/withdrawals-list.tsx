import { useTranslation } from '../../i18n/use-translation.ts';
import type { Withdrawal } from '../../../shared/schemas/referral.ts';
import { useLocale } from '../../lib/locale.ts';
import { Pagination } from './pagination.tsx';
import { SkeletonRows } from './states.tsx';
import { formatDateTime, formatMoney } from '../../../shared/format.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';

const statusClass: Record<Withdrawal['status'], string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  paid: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};

/** The partner's payout requests: amount, details, status, and the operator's reference or reason. */
export function WithdrawalsList({
  items,
  count,
  page,
  size,
  currency,
  pending,
}: {
  items: Withdrawal[];
  count: number;
  page: number;
  size: number;
  currency: string;
  pending: boolean;
}) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const zone = useVisitorTimeZone();
  if (pending) return <SkeletonRows rows={2} testId="withdrawals-loading" />;
  if (!items.length) return <p className="text-slate-600">{t('referrer.withdrawals.empty')}</p>;
  return (
    <>
      <ul className="space-y-3" data-testid="withdrawals-list">
        {items.map((w) => (
          <li
            key={w.id}
            className="rounded-2xl p-4 ring-1 ring-slate-200"
            data-testid="withdrawal"
            data-status={w.status}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-semibold text-ink">
                  {t('referrer.withdrawals.number', { id: w.id })}{' '}
                  <span className="ml-1 tabular-nums">
                    {/* Balances are kept to the cent: every amount of the programme reads the same way. */}
                    {formatMoney(w.amount, { symbol: currency, decimals: 2 }, locale)}
                  </span>
                </p>
                <p className="text-sm text-slate-600">
                  <time dateTime={w.createdAt}>{formatDateTime(w.createdAt, locale, zone)}</time>
                </p>
              </div>
              <span
                className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ${statusClass[w.status]}`}
              >
                {t(`referrer.withdrawals.status.${w.status}`)}
              </span>
            </div>
            <dl className="mt-2 text-sm">
              <dt className="inline text-slate-600">{t('referrer.withdrawals.requisites')}: </dt>
              <dd className="inline font-mono [overflow-wrap:anywhere] text-ink">{w.requisites}</dd>
            </dl>
            {/* A payout reference (a 64-character hash) wraps on a phone, as the address above it does. */}
            <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">
              {w.status === 'pending' && t('referrer.withdrawals.reserved')}
              {w.status === 'paid' && w.reference && t('referrer.withdrawals.reference', { reference: w.reference })}
              {w.status === 'rejected' && (
                <>
                  {w.reason && <span className="block">{t('referrer.withdrawals.reason', { reason: w.reason })}</span>}
                  {t('referrer.withdrawals.returned')}
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} count={count} size={size} param="wpage" label={t('referrer.withdrawals.title')} />
    </>
  );
}
