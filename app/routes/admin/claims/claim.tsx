import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { data, isRouteErrorResponse, Link } from 'react-router';
import { ArrowLeft } from '../../../components/icons/arrow-left.tsx';
import { Search } from '../../../components/icons/search.tsx';
import { EmptyState } from '../../../components/account/states.tsx';
import { paths } from '../../../../shared/paths.ts';
import type { AdminClaim } from '../../../../shared/schemas/admin-claims.ts';
import { quoteText } from '../../../../shared/exchange/quote-labels.ts';
import { isAcceptance, ownTermsRows, sameTerms } from '../../../../shared/exchange/claim-display.ts';
import { BreakdownList } from '../../../components/exchange/breakdown-list.tsx';
import { quoteLines } from '../../../../shared/exchange/quote.ts';
import { ClaimActions } from '../../../components/admin/claims/claim-actions.tsx';
import { RefundTo, WholeRequisites } from '../../../components/admin/claims/refund-to.tsx';
import { termsOf } from '../../../components/admin/claims/requote-preview.tsx';
import { namedOnce, referralUnit } from '../../../components/admin/figures.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { reasonKey, systemReason } from '../../../components/claim/claim-format.ts';
import { StatusBadge } from '../../../components/claim/status-badge.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useLocale, useLocalizedHref } from '../../../lib/locale.ts';
import type { Route } from './+types/claim';
import {
  formatCardNumber,
  formatCourse,
  formatDateTime,
  formatDecimal,
  formatMoney,
  type MoneyUnit,
} from '../../../../shared/format.ts';
import { useExchangeTimeZone } from '../../../lib/time-zone.ts';
import { refundStatuses } from '../../../../shared/claim-statuses.ts';

/**
 * A claim in the console (issue 6 §2): everything the operator checks (both sides' requisites, where the customer
 * paid, account, promocode, referral), the history with who did what, and the actions. Read in-process through the
 * same service as GET /api/v1/admin/claims/{uuid}/; actions go through the API, then the page reads again.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, locale } = await staffReader(context, request);
  const claim = await services.admin.claims.detail(params.uuid, locale);
  if (!claim) throw data(null, { status: 404 });
  return { claim, loadedAt: Date.now() };
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-ink [overflow-wrap:anywhere]" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Side({ title, side, refund }: { title: string; side: AdminClaim['from']; refund?: ReactNode }) {
  const { t } = useTranslation('adminClaims');
  const locale = useLocale();
  return (
    <section className="rounded-2xl p-4 ring-1 ring-slate-200" aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-500">{title}</h3>
      <p className="mt-1 flex items-center gap-2">
        <img src={side.currency.logo} alt="" width={24} height={24} className="rounded-full bg-white" />
        <span className="text-lg font-bold text-ink [overflow-wrap:anywhere]">
          {formatMoney(side.amount, side.currency, locale)}
        </span>
      </p>
      <p className="text-sm text-slate-600" data-testid="admin-claim-currency">
        {namedOnce(side.currency.name, side.currency.code, side.currency.network).join(' · ')}
      </p>
      {refund && <div className="mt-3">{refund}</div>}
      {/* Beside a refund's target, the send side's own details are named for what they are: where the money came from. */}
      <h4 className="mt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t(refund ? 'claim.paidFrom' : 'claim.requisites')}
      </h4>
      <WholeRequisites requisites={side.requisites} none={t('claim.noRequisites')} />
    </section>
  );
}

function History({ claim, from, to }: { claim: AdminClaim; from: MoneyUnit; to: MoneyUnit }) {
  const { history } = claim;
  const { t } = useTranslation('adminClaims');
  const { t: tClaim } = useTranslation('claim');
  const locale = useLocale();
  const zone = useExchangeTimeZone();
  // A re-quote of the claim's own terms and its acceptance (a confirmation) read as the customer's timeline reads them.
  const own = ownTermsRows(history, termsOf(claim));
  // The server's own reasons ('created', ...) in the page's language, as the customer's timeline shows them; an
  // operator's reason is what the customer read.
  const reasonOf = (h: AdminClaim['history'][number], confirmed: boolean) => {
    if (!h.reason) return null;
    const known = systemReason(h.reason);
    if (known) return tClaim(reasonKey(known, confirmed));
    return h.actor === 'operator' ? t('claim.reason', { text: h.reason }) : h.reason;
  };
  return (
    <ol className="space-y-3" data-testid="admin-claim-history">
      {history.map((h, i) => {
        const confirmed = own[i]! && isAcceptance(h);
        // A re-quote row carries its offer; the customer's acceptance the terms it replaced (none when it confirmed).
        const amountsKey =
          h.status !== 'requoted' ? 'claim.amountsReplaced' : own[i] ? 'claim.amountsSame' : 'claim.amounts';
        return (
          <li key={h.id} className="rounded-xl p-3 ring-1 ring-slate-200" data-status={h.status}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge status={h.status} />
              <time dateTime={h.at} className="text-sm text-slate-600">
                {formatDateTime(h.at, locale, zone)}
              </time>
              <span className="text-sm font-medium text-ink">
                {t(`claim.actor.${h.actor}`)}
                {h.operator ? ` · ${h.operator.email ?? `#${h.operator.id}`}` : ''}
              </span>
            </div>
            {(h.reason || h.note || h.reference || h.amounts) && (
              // Free text (an operator's reason, a note) wraps anywhere: a 500-character word must not widen the page.
              <ul className="mt-1.5 space-y-0.5 text-sm text-slate-700 [overflow-wrap:anywhere]">
                {h.reason && <li>{reasonOf(h, confirmed)}</li>}
                {h.amounts && !confirmed && (
                  <li data-testid="admin-history-amounts">
                    {t(amountsKey, {
                      course: formatCourse(h.amounts.course, from, to, locale).text,
                      amount: formatMoney(h.amounts.toSumma, to, locale),
                    })}
                  </li>
                )}
                {h.reference && <li className="break-all">{t('claim.reference', { text: h.reference })}</li>}
                {h.note && <li className="text-slate-600 italic">{t('claim.note', { text: h.note })}</li>}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

export default function AdminClaimPage({ loaderData: { claim, loadedAt } }: Route.ComponentProps) {
  const { t } = useTranslation('adminClaims');
  const locale = useLocale();
  const zone = useExchangeTimeZone();
  const to = useLocalizedHref();
  const none = <span className="text-slate-400">{t('claim.none')}</span>;
  const d = claim.paymentDetail;
  return (
    <div className="space-y-6">
      <PageTitle title={t('claim.title', { number: claim.number })} />
      <Link
        to={to(paths.adminClaims)}
        className="focus-ring inline-flex items-center gap-1.5 rounded text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('claim.back')}
      </Link>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">{t('claim.title', { number: claim.number })}</h1>
        <StatusBadge status={claim.status} testId="admin-claim-status" />
      </header>

      <section className="card p-4 sm:p-6" aria-labelledby="claim-actions-title">
        <h2 id="claim-actions-title" className="mb-3 text-lg font-semibold text-ink">
          {t('actions.title')}
        </h2>
        <ClaimActions claim={claim} />
      </section>

      <section className="card p-4 sm:p-6" aria-labelledby="claim-summary-title">
        <h2 id="claim-summary-title" className="text-lg font-semibold text-ink">
          {t('claim.summary')}
        </h2>
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          <Side
            title={t('claim.send')}
            side={claim.from}
            refund={claim.refundRequisites && <RefundTo claim={claim} testId="admin-claim-refund-to" />}
          />
          {/* Once the money goes back nothing is paid out: the card says what the claim would have paid. */}
          <Side
            title={t(refundStatuses.includes(claim.status) ? 'claim.receiveNotPaid' : 'claim.receive')}
            side={claim.to}
          />
        </div>
        <dl className="mt-4 divide-y divide-slate-100">
          <Row label={t('claim.email')}>{claim.email}</Row>
          <Row label={t('claim.account')}>{claim.user ? claim.user.email : t('claim.guest')}</Row>
          <Row label={t('claim.course')}>
            <span title={formatDecimal(claim.course, locale)}>
              {formatCourse(claim.course, claim.from.currency, claim.to.currency, locale).text}
            </span>
          </Row>
          {claim.breakdown && (
            <Row label={quoteText('title', locale)} testId="admin-claim-breakdown">
              <BreakdownList
                quote={claim.breakdown}
                lines={quoteLines(claim.breakdown)}
                from={claim.from.currency}
                to={claim.to.currency}
                locale={locale}
                timeZone={zone}
                reader="staff"
              />
            </Row>
          )}
          <Row label={t('claim.created')}>{formatDateTime(claim.createdAt, locale, zone)}</Row>
          <Row label={t('claim.expires')}>{formatDateTime(claim.expiresAt, locale, zone)}</Row>
          <Row label={t('claim.updated')}>{formatDateTime(claim.updatedAt, locale, zone)}</Row>
          <Row label={t('claim.language')}>{claim.locale}</Row>
          <Row label={t('claim.paymentDetail')}>
            {d ? (
              <>
                <span className="block">{d.label}</span>
                <span className="block font-mono break-all select-all">{formatCardNumber(d.value)}</span>
                {d.holder && (
                  <span className="block text-slate-600">
                    {t('claim.holder')}: {d.holder}
                  </span>
                )}
                {d.memo && (
                  <span className="block text-slate-600">
                    {t('claim.memo')}: {d.memo}
                  </span>
                )}
              </>
            ) : (
              t('claim.noPaymentDetail')
            )}
          </Row>
          <Row label={t('claim.promocode')} testId="admin-claim-promocode">
            {claim.droppedPromocode ? (
              // The price the claim carries (the breakdown above) came from an accepted offer without the code: it is
              // shown struck, with why, never as if it still applied.
              <>
                <s className="text-slate-500">{claim.droppedPromocode}</s>
                <span className="block text-amber-800">{t('claim.promocodeDropped')}</span>
              </>
            ) : (
              (claim.promocode ?? none)
            )}
          </Row>
          {/* A claim with a partner names where the partner came from: the code it carries, else the customer's
              account (a sign-up by the partner's link credits the partner without a code on the claim). A claim with
              no partner at all has neither row: a bare dash beside a credited partner read as a fault. */}
          {(claim.refferal || claim.accrual || claim.selfReferral) && (
            <>
              <Row label={t('claim.refferal')} testId="admin-claim-refferal">
                {claim.refferal ?? <span className="text-slate-600">{t('claim.refferalByAccount')}</span>}
              </Row>
              <Row label={t('claim.accrual')} testId="admin-claim-accrual">
                {claim.accrual
                  ? `${formatMoney(claim.accrual.amount, referralUnit, locale)} · ${claim.accrual.partner}`
                  : none}
              </Row>
            </>
          )}
          {claim.selfReferral && (
            <Row label={t('claim.selfReferral')} testId="admin-claim-self-referral">
              {t('claim.selfReferralText', {
                partner: claim.selfReferral.partner,
                reason: t(`claim.selfReferralReasons.${claim.selfReferral.reason}`),
              })}
            </Row>
          )}
          {/* A refunded claim's reference is the refund's transfer, not a payout (as the customer's page names it). */}
          <Row
            label={t(claim.status === 'refunded' ? 'claim.refundReference' : 'claim.payoutReference')}
            testId="admin-claim-reference"
          >
            {claim.payoutReference ?? none}
          </Row>
          <Row label={t('claim.txid')} testId="admin-claim-txid">
            {claim.txid ? <span className="font-mono break-all select-all">{claim.txid}</span> : none}
          </Row>
          {claim.customerComment && (
            <Row label={t('claim.customerComment')} testId="admin-claim-comment">
              <span className="whitespace-pre-line">{claim.customerComment}</span>
            </Row>
          )}
          {claim.offer && (
            <Row label={t('claim.offer')} testId="admin-claim-offer">
              <span className="block">
                {t('claim.offerText', {
                  course: formatCourse(claim.offer.course, claim.from.currency, claim.to.currency, locale).text,
                  amount: formatMoney(claim.offer.toSumma, claim.to.currency, locale),
                })}
              </span>
              {sameTerms(claim.offer, termsOf(claim)) && (
                // The status keeps its name here ("New rate offered": the queue's filter names statuses); what the
                // customer was offered is said beside it.
                <span className="block text-slate-700" data-testid="admin-claim-offer-same">
                  {t('claim.offerSameTerms')}
                </span>
              )}
              {claim.offer.droppedPromocode && (
                <span className="block text-amber-800" data-testid="admin-claim-offer-promocode">
                  {t('claim.offerPromocodeDropped', { code: claim.offer.droppedPromocode })}
                </span>
              )}
              {claim.offer.promocodeOnly && (
                // What the customer's page says too ("New rate without your promocode"): the market did not move.
                <span className="block text-slate-700" data-testid="admin-claim-offer-promocode-only">
                  {t('claim.offerPromocodeOnly')}
                </span>
              )}
              <span className="block text-slate-600">
                {/* Read at the page's load: the queue's operator may re-quote a lapsed offer. */}
                {Date.parse(claim.offer.validUntil) > loadedAt
                  ? t('claim.offerUntil', { until: formatDateTime(claim.offer.validUntil, locale, zone) })
                  : t('claim.offerExpired', { until: formatDateTime(claim.offer.validUntil, locale, zone) })}
              </span>
            </Row>
          )}
        </dl>
      </section>

      <section className="card p-4 sm:p-6" aria-labelledby="claim-history-title">
        <h2 id="claim-history-title" className="mb-3 text-lg font-semibold text-ink">
          {t('claim.history')}
        </h2>
        <History claim={claim} from={claim.from.currency} to={claim.to.currency} />
      </section>
    </div>
  );
}

/**
 * A claim the console cannot find (a mistyped or stale address): said inside the console, with the way back to the
 * queue, not as the public site's 404 page. Anything else goes on to the site's own error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('adminClaims');
  const to = useLocalizedHref();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="card p-4 sm:p-6" data-testid="admin-claim-not-found">
      <PageTitle title={t('claim.notFound')} />
      <EmptyState
        icon={<Search aria-hidden="true" className="size-6" />}
        title={t('claim.notFound')}
        text={t('claim.notFoundText')}
        action={
          <Link to={to(paths.adminClaims)} className="btn-primary inline-flex items-center gap-2">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('claim.back')}
          </Link>
        }
      />
    </section>
  );
}
