import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useRouteLoaderData } from 'react-router';
import { CircleExclamationPoint as CircleAlert } from '../icons/circle-exclamation-point.tsx';
import { CircleCheck } from '../icons/circle-check.tsx';
import { Clock } from '../icons/clock.tsx';
import { ExternalLink } from '../icons/external-link.tsx';
import { Hourglass } from '../icons/hourglass.tsx';
import { Mail } from '../icons/mail.tsx';
import { ShieldExclamationPoint as ShieldAlert } from '../icons/shield-exclamation-point.tsx';
import type { Icon as IconComponent } from '../icons/icon.tsx';
import { formatAmount } from '../../../shared/format.ts';
import { pairQuery, paths } from '../../../shared/paths.ts';
import type { ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import type { RootData } from '../../root.tsx';
import { currentReason, statusTone, systemReason, type StatusTone } from './claim-format.ts';
import { customerMarkedPaid } from '../../../shared/claim-statuses.ts';
import { offerChange } from '../../../shared/exchange/claim-display.ts';
import { claimTerms, type ClaimSideView } from './claim-view.ts';
import type { ClaimStatus } from './use-claim-status.ts';
import { claimPanelStrings } from '../../i18n/claim-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The panels' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(claimPanelStrings);

type PanelStatus = Exclude<ClaimStatusValue, 'new'>;

const panelClass: Record<StatusTone, string> = {
  waiting: 'bg-amber-50 ring-amber-200',
  progress: 'bg-brand-50 ring-brand-100',
  success: 'bg-emerald-50 ring-emerald-200',
  warning: 'bg-orange-50 ring-orange-200',
  danger: 'bg-red-50 ring-red-200',
  muted: 'bg-slate-100 ring-slate-200',
};

const iconClass: Record<StatusTone, string> = {
  waiting: 'text-amber-700',
  progress: 'text-brand-600',
  success: 'text-emerald-600',
  warning: 'text-orange-600',
  danger: 'text-red-600',
  muted: 'text-slate-600',
};

const icons: Record<PanelStatus, IconComponent> = {
  paid: Hourglass,
  processing: Clock,
  completed: CircleCheck,
  hold: ShieldAlert,
  expired: Clock,
  cancelled: CircleAlert,
  refunded: CircleCheck,
  error: CircleAlert,
  late_payment: Hourglass,
  requoted: Clock,
  refund_requested: Hourglass,
};

/** The proof that the money left (a completed claim's payout, a refund's transfer), linked to its explorer if any. */
function Payout({ payout, refund }: { payout: NonNullable<ClaimStatus['payout']>; refund: boolean }) {
  useLocaleStrings(claimPanelStrings);
  const { t } = useTranslation('claimPanels');
  return (
    <p className="mt-2 text-slate-800" data-testid="claim-payout">
      <span className="font-medium">{refund ? t('state.refundReference') : t('state.payoutReference')}</span>{' '}
      {payout.url ? (
        <a
          href={payout.url}
          target="_blank"
          rel="noopener"
          className="link inline-flex items-center gap-1 font-mono text-sm [overflow-wrap:anywhere]"
        >
          {payout.reference}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">{t('state.explorer')}</span>
        </a>
      ) : (
        <span className="font-mono text-sm [overflow-wrap:anywhere]">{payout.reference}</span>
      )}
    </p>
  );
}

/** A completed claim asks for a review on each monitor the operator gave a review page (the console's monitors). */
function Reviews({ monitors }: { monitors: { id: number; name: string; reviewUrl: string }[] }) {
  useLocaleStrings(claimPanelStrings);
  const { t } = useTranslation('claimPanels');
  return (
    <div className="mt-4" data-testid="claim-reviews">
      <p className="font-medium text-slate-900">{t('state.reviewTitle')}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {monitors.map((m) => (
          <li key={m.id}>
            <a href={m.reviewUrl} target="_blank" rel="noopener" className="btn-secondary gap-2 px-4 py-2 text-sm">
              {t('state.reviewOn', { name: m.name })}
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">{t('state.explorer')}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Where a claim stands once it no longer waits for payment: checking, done, on hold, expired or failed. `children`
 * is what the customer can do in this status (report a late payment, answer an offer): it takes the place of the
 * panel's own links.
 */
export function StatusPanel({
  status,
  course,
  receive,
  sendCode,
  refundTo = false,
  offerLapsed = false,
  focusOnMount = false,
  children,
}: {
  status: ClaimStatus;
  /** The claim's course: with the amount received, the terms an offer is compared with. */
  course: string;
  receive: ClaimSideView;
  /** The send currency's code: "new claim" after a lapsed one opens the same pair (`?cur_from=&cur_to=`). */
  sendCode?: string;
  /** The customer gave refund details (the summary lists them): a refund went there, not to the sender's details. */
  refundTo?: boolean;
  /** A `requoted` claim's offer is past its time: no answer but a refund can be given, and the panel says so. */
  offerLapsed?: boolean;
  /** After the customer's own action replaced the payment block: keyboard focus lands here, not on <body>. */
  focusOnMount?: boolean;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  useLocaleStrings(claimPanelStrings);
  const { t } = useTranslation('claimPanels');
  const locale = useLocale();
  const to = useLocalizedHref();
  const root = useRouteLoaderData<RootData>('root');
  const supportEmail = root?.site.supportEmail;
  const reviews = (root?.monitors ?? []).flatMap((m) => (m.reviewUrl ? [{ ...m, reviewUrl: m.reviewUrl }] : []));
  const current = status.status as PanelStatus;
  const tone = statusTone[current];
  const Icon = icons[current];
  const raw = current === 'expired' ? null : currentReason(status.history, current);
  // The server's own reasons are not news here (the title says it); an operator's words are.
  const reason = raw && !systemReason(raw) ? raw : null;
  const failed = tone === 'danger' || tone === 'warning';
  // An offer on the claim's own terms is not "the rate changed" nor a new rate (decision 0025: nothing said that did
  // not happen): the customer is asked to confirm the order, as its letter and the status answer ask; the same course
  // and amount (shared/exchange/claim-display.ts), the one rule of every place that says so. Nor is an offer that only
  // left out a promocode no longer valid: the market rate stayed, the discount went, and the panel says that.
  const change =
    current === 'requoted' && status.offer ? offerChange(status.offer, claimTerms({ course, to: receive })) : 'rate';
  const sameOffer = change === 'sameTerms';
  // A lapsed offer of either kind asks for nothing that can still be given: no "confirm" or "accept" above the offer
  // panel's terms, whatever they were (the page's badge says the same).
  const lapsed = current === 'requoted' && offerLapsed;
  // "You marked the order as paid" only when the customer did: an operator may move a claim on hold (even one held
  // straight from new) back to paid, and the customer never pressed "I have paid" then.
  const text = lapsed
    ? 'state.requotedLapsedText'
    : sameOffer
      ? 'state.requotedSameText'
      : change === 'promocode'
        ? 'state.requotedPromocodeText'
        : current === 'paid' && !customerMarkedPaid(status.history)
          ? 'state.paidOperatorText'
          : current === 'refunded' && refundTo
            ? 'state.refundedToText'
            : (`state.${current}Text` as const);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="claim-state-title"
      className={`rounded-2xl p-5 ring-1 outline-none focus-visible:ring-2 sm:p-6 ${panelClass[tone]}`}
      data-testid="claim-state"
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className={`mt-0.5 size-7 shrink-0 ${iconClass[tone]}`} strokeWidth={1.75} />
        <div className="min-w-0">
          <h2 id="claim-state-title" className="text-lg font-semibold text-ink">
            {t(
              lapsed
                ? 'state.requotedLapsedTitle'
                : sameOffer
                  ? 'state.requotedSameTitle'
                  : change === 'promocode'
                    ? 'state.requotedPromocodeTitle'
                    : `state.${current}Title`,
            )}
          </h2>
          <p className="mt-1 leading-relaxed text-slate-800">
            {t(text, {
              amount: formatAmount(receive.amount, receive.currency, locale),
              symbol: receive.currency.symbol,
            })}
          </p>
          {reason && (
            <p className="mt-2 font-medium text-slate-900 [overflow-wrap:anywhere]" data-testid="claim-reason">
              {t('state.reason', { reason })}
            </p>
          )}
          {status.payout && (current === 'completed' || current === 'refunded') && (
            <Payout payout={status.payout} refund={current === 'refunded'} />
          )}
          {current === 'completed' && reviews.length > 0 && <Reviews monitors={reviews} />}
          {!children && (current === 'expired' || current === 'completed' || failed) && (
            <div className="mt-4 flex flex-wrap gap-3">
              {/* On hold the claim goes on: no "new exchange" there. */}
              {current !== 'hold' && (
                <Link
                  to={
                    // The same pair again: a customer whose time ran out wants this exchange, not the default one.
                    sendCode ? to(paths.home) + pairQuery(sendCode, receive.currency.code) : to(paths.home)
                  }
                  className="btn-primary px-5 py-2.5"
                  data-testid="claim-new"
                >
                  {current === 'expired' ? t('state.newClaim') : t('state.newExchange')}
                </Link>
              )}
              {failed && supportEmail && (
                <a href={`mailto:${supportEmail}`} className="btn-secondary gap-2 px-5 py-2.5">
                  <Mail aria-hidden="true" className="size-4" />
                  {t('state.support')}
                </a>
              )}
            </div>
          )}
        </div>
      </div>
      {/* Forms need the panel's whole width on a phone, not the text column beside the icon. */}
      {children}
    </section>
  );
}
