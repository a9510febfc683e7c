import type { Locale } from '../../../shared/locales.ts';
import { quoteLineLabel, quoteRateText, quoteText } from '../../../shared/exchange/quote-labels.ts';
import type { Quote, QuoteLine } from '../../../shared/exchange/quote.ts';
import { formatCourse, formatDateTime, formatMoney, formatPercent, type MoneyUnit } from '../../../shared/format.ts';

/**
 * The price breakdown (issue 16, docs/money.md): market rate and source, markup, bonus, promocode, fees and the amount
 * received, each line what it adds or takes in the receive currency. The calculator shows the live quote; the claim
 * page and the console show the one frozen on the claim.
 */

export function BreakdownList({
  quote: q,
  lines,
  from,
  to,
  locale,
  note,
  timeZone,
  reader = 'customer',
}: {
  /** Where the rate came from and when: the lines' amounts come in `lines`. */
  quote: Pick<Quote, 'source' | 'rate' | 'updatedAt'>;
  /** The quote's lines (`quoteLines`): on the claim page written by the loader, so the page needs no big.js. */
  lines: QuoteLine[];
  /** The sides' currencies: their tickers and decimal places, as every page writes money (shared/format.ts). */
  from: MoneyUnit;
  to: MoneyUnit;
  locale: Locale;
  /** A line under the figures: how long the rate holds, or that the figures are the claim's frozen ones. */
  note?: string;
  /** The zone the rate's time is written in: the visitor's on public pages, the exchange's in the console. */
  timeZone: string;
  /** Who reads it: the customer's pages speak to them ("You receive"), the console about them ("Customer receives"). */
  reader?: 'customer' | 'staff';
}) {
  // Written as every page writes money (shared/format.ts).
  const rate = formatCourse(q.rate, from, to, locale).text;
  return (
    <div className="text-sm" data-testid="breakdown">
      <p className="text-slate-600">{quoteRateText(q.source, rate, locale, reader)}</p>
      <p className="text-slate-600">
        {quoteText('updated', locale, { time: formatDateTime(q.updatedAt, locale, timeZone) })}
      </p>
      <dl className="mt-2 divide-y divide-slate-200">
        {lines.map((l) => (
          <div
            key={l.part}
            className={`flex justify-between gap-4 py-1.5 ${l.part === 'receive' ? 'font-semibold text-ink' : ''}`}
            data-part={l.part}
          >
            <dt>
              {quoteLineLabel(l.part, locale, { reader, source: q.source })}
              {l.percent && ` ${formatPercent(l.percent, locale)}`}
              {l.fromAmount && ` (${formatMoney(l.fromAmount, from, locale)})`}
            </dt>
            <dd className="tabular-nums whitespace-nowrap">{formatMoney(l.amount, to, locale)}</dd>
          </div>
        ))}
      </dl>
      {note && <p className="mt-1 text-slate-600">{note}</p>}
    </div>
  );
}
