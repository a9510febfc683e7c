import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { ArrowDown } from '../icons/arrow-down.tsx';
import { ArrowRight } from '../icons/arrow-right.tsx';
import { ChevronRight } from '../icons/chevron-right.tsx';
import { paths } from '../../../shared/paths.ts';
import { refundStatuses } from '../../../shared/claim-statuses.ts';
import type { MyClaim } from '../../../shared/schemas/my-claims.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { StatusBadge } from '../claim/status-badge.tsx';
import { formatAmount, formatDateTime } from '../../../shared/format.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';

/**
 * One amount of a claim. `caption`: said in place of the currency's name (what goes back on a refund); `struck`: an
 * amount that will not be paid (a cancelled or expired claim), crossed out and said so.
 */
function Side({
  label,
  side,
  caption,
  struck = false,
}: {
  label: string;
  side: MyClaim['from'];
  caption?: string;
  struck?: boolean;
}) {
  const locale = useLocale();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <img src={side.logo} alt="" width={24} height={24} className="shrink-0 rounded-full bg-white" loading="lazy" />
      <p className="min-w-0">
        <span className="sr-only">{label}: </span>
        <span
          className={`[overflow-wrap:anywhere] ${struck ? 'font-medium text-slate-500 line-through' : 'font-semibold text-ink'}`}
        >
          {formatAmount(side.amount, side, locale)}
        </span>{' '}
        <span className={struck ? 'text-slate-500 line-through' : 'text-slate-700'}>{side.symbol}</span>
        <span className="block truncate text-xs text-slate-600">{caption ?? side.name}</span>
      </p>
    </div>
  );
}

/** The list's second amount, as the claim page words it: a payout, what goes back, or an amount not to be paid. */
function Outcome({ claim }: { claim: MyClaim }) {
  const { t } = useTranslation('account');
  if (refundStatuses.includes(claim.status)) {
    const words = t(claim.status === 'refunded' ? 'orders.refunded' : 'orders.refundDue');
    return <Side label={words} side={claim.from} caption={words} />;
  }
  if (claim.status === 'cancelled' || claim.status === 'expired')
    return <Side label={t('orders.unpaid')} side={claim.to} struck />;
  return <Side label={t('orders.receive')} side={claim.to} />;
}

/** The customer's claims: number (a link to the claim page), date, pair with logos and amounts, status. */
export function OrdersList({ claims }: { claims: MyClaim[] }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const zone = useVisitorTimeZone();
  const to = useLocalizedHref();
  return (
    <ul className="space-y-3" data-testid="orders-list">
      {claims.map((claim) => (
        <li
          key={claim.uuid}
          className="relative grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 transition hover:ring-brand-500/50 md:grid-cols-[14rem_minmax(0,1fr)_auto] md:items-center"
          data-testid="order"
          data-status={claim.status}
        >
          <div>
            <Link
              to={to(paths.claim(claim.uuid))}
              className="focus-ring rounded font-semibold whitespace-nowrap text-brand-700 after:absolute after:inset-0 after:rounded-2xl hover:underline"
            >
              {t('orders.number', { number: claim.number })}
            </Link>
            <p className="text-sm text-slate-600">
              <time dateTime={claim.createdAt}>{formatDateTime(claim.createdAt, locale, zone)}</time>
            </p>
          </div>
          {/* Side by side with an arrow to the right where the pair has room (a container query: the column is narrow
              on a desktop beside the number and the status), else one under the other with the arrow pointing down,
              so the arrow always points at what is received. */}
          <div className="@container min-w-0">
            <div className="grid min-w-0 gap-1 @sm:grid-cols-[minmax(0,auto)_auto_minmax(0,auto)] @sm:items-center @sm:justify-start @sm:gap-3">
              <Side label={t('orders.send')} side={claim.from} />
              <ArrowRight aria-hidden="true" className="hidden size-4 shrink-0 text-slate-400 @sm:block" />
              <ArrowDown aria-hidden="true" className="ml-1 size-4 shrink-0 text-slate-400 @sm:hidden" />
              <Outcome claim={claim} />
            </div>
          </div>
          <div className="flex items-center justify-between gap-3 md:justify-end">
            {/* An offer of the claim's own terms is named as the confirmation it asks for (the server's `sameTerms`), one
                past its time as lapsed (`offerLapsed`), as the claim page names them. */}
            <StatusBadge status={claim.status} sameTerms={claim.sameTerms} lapsed={claim.offerLapsed} />
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
          </div>
        </li>
      ))}
    </ul>
  );
}
