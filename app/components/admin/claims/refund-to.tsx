import { useTranslation } from '../../../i18n/use-translation.ts';
import type { AdminClaim } from '../../../../shared/schemas/admin-claims.ts';
import { formatCardNumber, formatMoney } from '../../../../shared/format.ts';
import { useLocale } from '../../../lib/locale.ts';
import { RotateCcwClock } from '../../icons/rotate-ccw-clock.tsx';

/**
 * Where a refund the customer asked for goes, whole (the console shows details whole): the amount sent and the refund
 * details. Shown in the "Customer sends" card and again in the Refund form, because the send card's own requisites
 * are where the money came from, and an operator who read those as the target refunded the wrong card.
 */
export function RefundTo({ claim, testId }: { claim: AdminClaim; testId: string }) {
  const { t } = useTranslation('adminClaims');
  const locale = useLocale();
  const requisites = claim.refundRequisites;
  if (!requisites) return null;
  return (
    <section
      className="rounded-xl bg-amber-50 p-3 text-amber-950 ring-2 ring-amber-300"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <h4 id={`${testId}-title`} className="flex items-center gap-1.5 text-sm font-bold">
        <RotateCcwClock aria-hidden="true" className="size-4" />
        {t(claim.status === 'refunded' ? 'claim.refundedTo' : 'claim.refundTo')}
      </h4>
      <p className="mt-1 text-sm">
        {t('claim.refundAmount', { amount: formatMoney(claim.from.amount, claim.from.currency, locale) })}
      </p>
      <WholeRequisites requisites={requisites} none={t('claim.refundNoRequisites')} strong />
    </section>
  );
}

/** Requisites as the console shows them: whole, each selectable at a click, or `none` when there are none. */
export function WholeRequisites({
  requisites,
  none,
  strong = false,
}: {
  requisites: AdminClaim['from']['requisites'];
  none: string;
  strong?: boolean;
}) {
  if (!requisites.length) return <p className="mt-1 text-sm">{none}</p>;
  return (
    <dl>
      {requisites.map((r) => (
        <div key={r.name} className="mt-1">
          <dt className={strong ? 'text-xs' : 'text-xs text-slate-500'}>{r.label}</dt>
          <dd className={`font-mono break-all select-all ${strong ? 'text-base font-semibold' : 'text-sm text-ink'}`}>
            {formatCardNumber(r.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
