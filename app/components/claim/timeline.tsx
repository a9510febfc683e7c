import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocale } from '../../lib/locale.ts';
import { formatCourse, formatDateTime, formatMoney, type MoneyUnit } from '../../../shared/format.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';
import { isAcceptance, ownTermsRows, type ClaimTerms } from '../../../shared/exchange/claim-display.ts';
import { reasonKey, statusTone, systemReason } from './claim-format.ts';
import { StatusBadge } from './status-badge.tsx';
import type { ClaimStatus } from './use-claim-status.ts';

/** A completed or refunded step's reference is the operator's transfer: named as the status panel names it. */
function referenceKey(status: ClaimStatus['status']) {
  if (status === 'completed') return 'timeline.payoutReference' as const;
  if (status === 'refunded') return 'timeline.refundReference' as const;
  return 'timeline.reference' as const;
}

/**
 * Every status change with its time, who made it and why, oldest first (docs/product/claims.md); a step's reference
 * (the customer's payment, the operator's payout or refund) and the terms a re-quote offered or an accepted offer
 * replaced. A re-quote of the claim's own terms is named as the confirmation it asked for, and its acceptance as a
 * confirmation, with no "replaced" terms (nothing was): shared/exchange/claim-display.ts `ownTermsRows`.
 */
export function Timeline({
  history,
  terms,
  currencies,
}: {
  history: ClaimStatus['history'];
  /** The claim's own terms now (its course and amount to receive). */
  terms: ClaimTerms;
  /** The claim's send and receive currencies, to write a re-quote's rate and amount by. */
  currencies: { from: MoneyUnit; to: MoneyUnit };
}) {
  const { t } = useTranslation('claim');
  const locale = useLocale();
  const zone = useVisitorTimeZone();
  const own = ownTermsRows(history, terms);
  return (
    <ol className="relative ml-1 border-l border-slate-200" data-testid="claim-timeline">
      {history.map((row, i) => {
        const ownTerms = own[i] === true;
        // The acceptance of an offer of the claim's own terms confirmed the order and replaced nothing.
        const confirmed = ownTerms && isAcceptance(row);
        const known = systemReason(row.reason);
        const reason = known ? t(reasonKey(known, confirmed)) : row.reason;
        const tone = statusTone[row.status];
        return (
          <li key={`${row.at}-${i}`} className="relative pb-5 pl-5 last:pb-0">
            <span
              aria-hidden="true"
              className={`absolute top-2.5 -left-[5px] size-2.5 rounded-full ring-4 ring-white ${
                tone === 'success' ? 'bg-emerald-600' : tone === 'danger' ? 'bg-red-600' : 'bg-brand-600'
              }`}
            />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge status={row.status} sameTerms={ownTerms} />
              <time dateTime={row.at} className="text-sm text-slate-600">
                {formatDateTime(row.at, locale, zone)}
              </time>
            </div>
            {/* An operator's reason is free text: a long word wraps anywhere instead of widening the page. */}
            <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="timeline-reason">
              <span className="font-medium">{t(`timeline.actor.${row.actor}`)}</span>
              {reason ? <>: {reason}</> : null}
            </p>
            {row.amounts && !confirmed && (
              <p className="mt-0.5 text-sm text-slate-700" data-testid="timeline-amounts">
                {t(row.status === 'requoted' ? 'timeline.amounts' : 'timeline.amountsReplaced', {
                  rate: formatCourse(row.amounts.course, currencies.from, currencies.to, locale).text,
                  amount: formatMoney(row.amounts.toSumma, currencies.to, locale),
                })}
              </p>
            )}
            {row.reference && (
              <p className="mt-0.5 text-sm break-all text-slate-700" data-testid="timeline-reference">
                {t(referenceKey(row.status), { reference: row.reference })}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
