import { useTranslation } from '../../i18n/use-translation.ts';
import { ArrowDown } from '../icons/arrow-down.tsx';
import { ArrowRight } from '../icons/arrow-right.tsx';
import { quoteText } from '../../../shared/exchange/quote-labels.ts';
import { formatAmount } from '../../../shared/format.ts';
import { useLocale } from '../../lib/locale.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';
import { BreakdownList } from '../exchange/breakdown-list.tsx';
import type { ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { refundStatuses } from '../../../shared/claim-statuses.ts';
import type { ClaimSideView, ClaimView } from './claim-view.ts';
import { networkBesideName } from '../../../shared/exchange/network-name.ts';
import { CurrencyIcon } from './currency-icon.tsx';

function Side({
  title,
  side,
  testId,
  note,
  muted = false,
}: {
  title: string;
  side: Pick<ClaimSideView, 'currency' | 'amount'>;
  testId: string;
  note?: string;
  /** Terms no longer promised (an offer replaces them): not in the page's largest type. */
  muted?: boolean;
}) {
  const locale = useLocale();
  // Said once: not beside a name that has it ("Tether TRC20"), nor when it is the currency's own symbol ("BTC").
  const network = networkBesideName(side.currency);
  return (
    <div className="min-w-0 flex-1 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid={testId}>
      <p className="text-sm text-slate-600">{title}</p>
      <p
        className={`mt-1 tracking-tight [overflow-wrap:anywhere] ${muted ? 'text-lg font-semibold text-slate-700' : 'text-2xl font-bold text-ink'}`}
      >
        {formatAmount(side.amount, side.currency, locale)}{' '}
        <span className={muted ? 'text-base font-medium' : 'text-lg font-semibold text-slate-700'}>
          {side.currency.symbol}
        </span>
      </p>
      <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
        <CurrencyIcon currency={side.currency} size={20} />
        <span className="min-w-0">
          {side.currency.name}
          {network && network !== side.currency.symbol && <span className="ml-1 text-slate-600">({network})</span>}
        </span>
      </p>
      {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
    </div>
  );
}

function Requisites({
  title,
  requisites,
  testId,
}: {
  title: string;
  requisites: ClaimSideView['requisites'];
  testId?: string;
}) {
  if (!requisites.length) return null;
  return (
    <div data-testid={testId}>
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <dl className="mt-1.5 space-y-1.5 text-sm">
        {requisites.map((r) => (
          <div key={r.name} className="flex flex-col sm:flex-row sm:gap-2">
            <dt className="text-slate-600">{r.label}:</dt>
            <dd className="font-mono text-ink [overflow-wrap:anywhere]">{r.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** How the receive side is named while its amount is not what the customer will get (`unpromised`). */
const unpromisedWords = {
  offer: { title: 'summary.receiveReplaced', note: 'summary.replacedNote' },
  cancelled: { title: 'summary.receiveTerms', note: 'summary.cancelledNote' },
  expired: { title: 'summary.receiveTerms', note: 'summary.expiredNote' },
} as const;

/** Where the claim's rate and price come from: its creation, a new rate accepted, or its own terms confirmed. */
const notes = {
  locked: { rate: 'summary.rateLocked', quote: 'frozen' },
  newTerms: { rate: 'summary.rateAccepted', quote: 'accepted' },
  sameTerms: { rate: 'summary.rateConfirmed', quote: 'confirmed' },
} as const;

/**
 * What is exchanged: both amounts with their currencies, the locked rate, the customer's requisites and e-mail.
 * `accepted`: the customer accepted a re-quote, whose rate and amount the claim now carries — `newTerms` a new rate,
 * `sameTerms` an offer of the claim's own terms (shared/exchange/claim-display.ts), which they confirmed; null: none.
 * While a refund is asked for or made, the refund details the customer gave come first: that is where the money goes,
 * as the letters say. A refund exchanges nothing, so then the summary promises no payout either: the receive side
 * becomes what goes back (the amount sent, in the send currency, less the network's or bank's fee, as the refund
 * letters word it), and the rate, the price breakdown and where a payout would have gone are left out. "You would
 * have received" was the other way: it keeps an amount the customer will never get in the largest type on the page.
 * `unpromised`: the claim's own amount will not be paid as it stands, so it is shown smaller and named as the claim's
 * terms, not as what they receive: an offer of other terms waits (`offer`, the offer above says what they would get),
 * the claim was cancelled (`cancelled`), or its window passed (`expired`: unpaid, or paid late and waiting for an
 * offer).
 */
export function ClaimSummary({
  claim,
  accepted = null,
  status,
  unpromised = null,
}: {
  claim: ClaimView;
  accepted?: 'newTerms' | 'sameTerms' | null;
  status?: ClaimStatusValue;
  unpromised?: 'offer' | 'cancelled' | 'expired' | null;
}) {
  const { t } = useTranslation('claim');
  const locale = useLocale();
  const timeZone = useVisitorTimeZone();
  const note = notes[accepted ?? 'locked'];
  const refunding = !!status && refundStatuses.includes(status);
  return (
    <section aria-labelledby="claim-summary-title" className="card p-5 sm:p-6">
      <h2 id="claim-summary-title" className="text-xl font-semibold text-ink">
        {t('summary.title')}
      </h2>
      <div className="mt-4 flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
        <Side title={t('summary.send')} side={claim.from} testId="claim-send" />
        <ArrowRight aria-hidden="true" className="hidden size-5 shrink-0 text-slate-400 sm:block" />
        <ArrowDown aria-hidden="true" className="mx-auto size-5 shrink-0 text-slate-400 sm:hidden" />
        {refunding ? (
          <Side
            title={t(status === 'refunded' ? 'summary.refunded' : 'summary.refundDue')}
            side={claim.from}
            testId="claim-refund"
            note={t('summary.refundFee')}
          />
        ) : (
          <Side
            title={t(unpromised ? unpromisedWords[unpromised].title : 'summary.receive')}
            side={claim.to}
            testId="claim-receive"
            note={unpromised ? t(unpromisedWords[unpromised].note) : undefined}
            muted={!!unpromised}
          />
        )}
      </div>
      {!refunding && (
        <dl className="mt-4 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">{t('summary.rate')}:</dt>
            <dd className="font-medium text-ink" data-testid="claim-rate">
              {claim.rate.text}{' '}
              <span className="font-normal text-slate-600">
                ({t(unpromised === 'offer' ? 'summary.rateReplaced' : note.rate)})
              </span>
            </dd>
          </div>
        </dl>
      )}
      {/* The breakdown ends in "Вы получите …" in bold: not beside terms that will not be paid as they stand. */}
      {!refunding && !unpromised && claim.breakdown && (
        // Open whatever the claim's price came from: after an accepted offer it is the changed price the customer
        // looks for, so it must not fold away when the page learns of the acceptance.
        <details className="mt-3 rounded-xl px-4 py-3 ring-1 ring-slate-200" open data-testid="claim-breakdown">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{quoteText('title', locale)}</summary>
          <div className="mt-2">
            <BreakdownList
              quote={claim.breakdown.quote}
              lines={claim.breakdown.lines}
              from={claim.from.currency}
              to={claim.to.currency}
              locale={locale}
              note={quoteText(note.quote, locale)}
              timeZone={timeZone}
            />
            {claim.droppedPromocode && (
              // The breakdown has no promocode line: say why, as the offer did before it was accepted (decision 0025).
              <p className="mt-2 text-sm text-amber-800" data-testid="claim-promocode-dropped">
                {t('summary.promocodeDropped', { code: claim.droppedPromocode })}
              </p>
            )}
          </div>
        </details>
      )}
      <div className="mt-5 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2">
        {claim.refund && refunding && (
          <Requisites title={t('summary.refundRequisites')} requisites={claim.refund} testId="claim-refund-to" />
        )}
        {!refunding && <Requisites title={t('summary.receiveRequisites')} requisites={claim.to.requisites} />}
        <Requisites title={t('summary.sendRequisites')} requisites={claim.from.requisites} />
        <div>
          <h3 className="text-sm font-semibold text-ink">{t('summary.email')}</h3>
          <p className="mt-1.5 font-mono text-sm text-ink">{claim.email}</p>
        </div>
      </div>
    </section>
  );
}
