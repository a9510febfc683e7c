import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { data, useRevalidator } from 'react-router';
import type { ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { unpaidStatuses } from '../../../shared/claim-statuses.ts';
import {
  claimNumber,
  isAcceptance,
  offerLapsed,
  ownTermsRows,
  sameTerms,
} from '../../../shared/exchange/claim-display.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';
import { claimTerms, paymentCard, paysToWallet, type ClaimView } from '../../components/claim/claim-view.ts';
import { ClaimSummary } from '../../components/claim/claim-summary.tsx';
import { CopyField } from '../../components/claim/copy-field.tsx';
import { PaymentPanel } from '../../components/claim/payment-panel.tsx';
import { StatusBadge } from '../../components/claim/status-badge.tsx';
import { Timeline } from '../../components/claim/timeline.tsx';
import { useClaimStatus, type ClaimStatus } from '../../components/claim/use-claim-status.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { appContext } from '../../context.ts';
import { useLocale } from '../../lib/locale.ts';
import type { Route } from './+types/claim';
import { buildClaimView } from './claim-data.ts';
import { qrSvg } from './qr-svg.server.ts';
import { claimPanelStrings, claimStrings } from '../../i18n/claim-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

/**
 * A panel only some statuses show (a late payment's form, the operator's offer): its code comes with the page that
 * shows it, not with every claim page's first load (docs/decisions/0028). The server's loader loads it first, so the
 * server renders it in place; in the browser it is a lazy component inside its own boundary, which keeps the server's
 * HTML until the code is there. The browser always renders the lazy one: switching to the loaded component later
 * would remount the panel and lose what the customer typed.
 */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Deferred(props: P) {
    const Panel = import.meta.env.SSR && loaded ? loaded : Lazy;
    return (
      <Suspense fallback={null}>
        <Panel {...props} />
      </Suspense>
    );
  }
  return { Deferred, preload };
}

/** A panel's module and the panels' strings (i18n/claim-strings.ts), side by side rather than one after the other. */
function withPanelStrings<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, preloadStrings(claimPanelStrings)]).then(([loaded]) => loaded);
}

const latePayment = deferred(() =>
  withPanelStrings(import('../../components/claim/late-payment.tsx')).then((m) => m.LatePayment),
);
const offerPanel = deferred(() =>
  withPanelStrings(import('../../components/claim/offer-panel.tsx')).then((m) => m.OfferPanel),
);
// The status panel too: a new claim (the first load that counts, docs/decisions/0028) shows the payment block instead.
const statusPanel = deferred(() =>
  withPanelStrings(import('../../components/claim/status-panel.tsx')).then((m) => m.StatusPanel),
);
// The claim strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(claimStrings);

const LatePayment = latePayment.Deferred;
const OfferPanel = offerPanel.Deferred;
const StatusPanel = statusPanel.Deferred;

/**
 * /claim/{uuid} (docs/product/site.md, docs/product/claims.md): the claim, where and how to pay it, its live status and
 * history. Read in-process through the claims service (the same answers as GET /api/v1/claim/{id}/form/, /requisite/,
 * /status/); an unknown or malformed uuid is the 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { locale, services } = context.get(appContext);
  const { claims, calculator } = services;
  // First on its own: reading a 'new' claim past its deadline expires it, and the other two then agree.
  const form = await claims.form(params.uuid, locale);
  if (!form) throw data(null, { status: 404 });
  const [requisite, status, catalogue] = await Promise.all([
    claims.requisite(form.uuid, locale),
    claims.status(form.uuid, locale),
    calculator.catalogue(),
  ]);
  if (!requisite || !status) throw data(null, { status: 404 });
  if (status.status !== 'new') await statusPanel.preload();
  if (status.status === 'expired') await latePayment.preload();
  if (status.status === 'requoted') await offerPanel.preload();
  const from = catalogue.byId.get(form.from.currency.id);
  const to = catalogue.byId.get(form.to.currency.id);
  const direction = catalogue.directions.find(
    (d) => d.fromCurrencyId === form.from.currency.id && d.toCurrencyId === form.to.currency.id,
  );
  const notice = direction ? direction.fromNotify[locale] || direction.fromNotify.ru : null;
  const claim = buildClaimView(form, requisite, { from, to, notice }, locale);
  const details = claim.payment.details;
  // Only the card for paying shows the code: a record (paid, held…) has nothing to scan, so none is drawn for it.
  const paying = paymentCard(status.status, status.history) === 'pay';
  if (paying && details && paysToWallet(claim.payment.currency)) details.qr = qrSvg(details.uri ?? details.value);
  return { claim, status: status as ClaimStatus, serverNow: Date.now() };
}

/**
 * A claim page is private by its random URL and carries payment details: never stored by a cache or the browser's
 * back-forward cache, never indexed.
 */
export function headers() {
  return { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

function ClaimPage({ claim, initial, serverNow }: { claim: ClaimView; initial: ClaimStatus; serverNow: number }) {
  const { t } = useTranslation('claim');
  const locale = useLocale();
  const zone = useVisitorTimeZone();
  const revalidator = useRevalidator();
  const { status, refresh, assume } = useClaimStatus(claim.uuid, initial);
  // After the customer's own action the block they used goes away: focus moves to the status that replaced it.
  const [focusState, setFocusState] = useState(false);
  const heading = t('heading', { number: claimNumber(claim.uuid) });

  const moveTo = useCallback(
    (next: ClaimStatusValue) => {
      assume(next);
      setFocusState(true);
      void refresh();
    },
    [assume, refresh],
  );
  const onPaid = useCallback(() => moveTo('paid'), [moveTo]);
  const onLate = useCallback(() => moveTo('late_payment'), [moveTo]);
  const onAnswered = useCallback(
    (answer: 'accept' | 'refund') => {
      moveTo(answer === 'accept' ? 'processing' : 'refund_requested');
      // An accepted offer changes the claim's own rate and amount, a refund request where the money goes back: the
      // summary reads them again.
      void revalidator.revalidate();
    },
    [moveTo, revalidator],
  );
  const onRefresh = useCallback(() => void refresh(), [refresh]);
  const current = status.status;
  const card = paymentCard(current, status.history);
  // An offer of the claim's own terms is a confirmation to ask for, not a new rate: the badge names it so, as the
  // panels head it. An accepted re-quote leaves the terms it replaced in its history row: the claim's rate is the
  // accepted one now, and an offer of the same terms was a confirmation (read from the history, which the page learns
  // of before the claim's new terms).
  const terms = claimTerms(claim);
  const confirming = current === 'requoted' && !!status.offer && sameTerms(status.offer, terms);
  // An offer past its time stays `requoted` until the operator acts, but can no longer be accepted: the badge and the
  // status panel say it lapsed, not "confirm" or "accept". The loaded offer is judged by the server's clock (both sides
  // render the same), then as the offer panel sees it pass (its countdown, or an accept refused as expired).
  const [lapsedOffer, setLapsedOffer] = useState(() =>
    initial.offer && offerLapsed(initial.offer, serverNow) ? initial.offer.validUntil : null,
  );
  const lapsed = current === 'requoted' && status.offer?.validUntil === lapsedOffer;
  const acceptance = status.history.findIndex(isAcceptance);
  const accepted = acceptance < 0 ? null : ownTermsRows(status.history, terms)[acceptance] ? 'sameTerms' : 'newTerms';

  return (
    <>
      <PageTitle title={heading} />
      <Breadcrumb title={heading} />
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{heading}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {t('created')} <time dateTime={claim.createdAt}>{formatDateTime(claim.createdAt, locale, zone)}</time>
          </p>
        </div>
        {/* Polite live region: a change made by the operator is announced once, like it appears. */}
        <div role="status" aria-atomic="true" className="flex items-center gap-2">
          <span className="sr-only">{t('status.label')}:</span>
          <StatusBadge status={status.status} sameTerms={confirming} lapsed={lapsed} testId="claim-status" />
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {current !== 'new' && (
            <StatusPanel
              status={status}
              course={claim.course}
              receive={claim.to}
              sendCode={claim.from.currency.code}
              refundTo={!!claim.refund?.length}
              offerLapsed={lapsed}
              focusOnMount={focusState}
            >
              {current === 'expired' ? (
                <LatePayment
                  uuid={claim.uuid}
                  pair={{ from: claim.from.currency.code, to: claim.to.currency.code }}
                  onSent={onLate}
                  onRefused={onRefresh}
                />
              ) : current === 'requoted' && status.offer ? (
                <OfferPanel
                  key={status.offer.validUntil}
                  claim={claim}
                  offer={status.offer}
                  // The loaded offer renders first with the server's clock (the same text on both sides).
                  serverNow={status.offer.validUntil === initial.offer?.validUntil ? serverNow : null}
                  onAnswered={onAnswered}
                  onRefresh={onRefresh}
                  onLapse={setLapsedOffer}
                />
              ) : null}
            </StatusPanel>
          )}
          {card && (
            <PaymentPanel
              uuid={claim.uuid}
              payment={claim.payment}
              expiresAt={status.expiresAt}
              serverNow={serverNow}
              onExpire={onRefresh}
              onPaid={onPaid}
              onRefused={onRefresh}
              mode={card}
              txid={status.txid}
            />
          )}
          {/* What the summary no longer promises: an offer of other terms (not a confirmation of the same ones) waits,
              the claim was cancelled, or its window passed (a late payment waits for an offer). */}
          <ClaimSummary
            claim={claim}
            accepted={accepted}
            status={current}
            unpromised={
              current === 'requoted' && status.offer && !confirming
                ? 'offer'
                : unpaidStatuses.includes(current)
                  ? current === 'cancelled'
                    ? 'cancelled'
                    : 'expired'
                  : null
            }
          />
        </div>
        <aside className="flex flex-col gap-6">
          <section aria-labelledby="claim-history-title" className="card p-5">
            <h2 id="claim-history-title" className="text-lg font-semibold text-ink">
              {t('timeline.title')}
            </h2>
            <div className="mt-4">
              <Timeline
                history={status.history}
                terms={terms}
                currencies={{ from: claim.from.currency, to: claim.to.currency }}
              />
            </div>
          </section>
          <section className="card p-5">
            {/* The number the heading, the letters and the account's list give: what support finds a claim by. */}
            <CopyField label={t('number')} value={claimNumber(claim.uuid)} stacked />
          </section>
        </aside>
      </div>
    </>
  );
}

export default function ClaimRoute({ loaderData }: Route.ComponentProps) {
  useLocaleStrings(claimStrings);
  const { claim, status, serverNow } = loaderData;
  // Another claim is another page: its state starts over.
  return <ClaimPage key={claim.uuid} claim={claim} initial={status} serverNow={serverNow} />;
}
