import { useId, useState } from 'react';
import Big from 'big.js';
import { ChevronDown } from '../icons/chevron-down.tsx';
import { isDecimal } from '../../../shared/exchange/calculator.ts';
import { quoteLineLabels, quoteText } from '../../../shared/exchange/quote-labels.ts';
import { quote, quoteLines, type Quote } from '../../../shared/exchange/quote.ts';
import type { Locale } from '../../../shared/locales.ts';
import { formatCourse, formatDateTime, formatMoney, formatPercent, type MoneyUnit } from '../../../shared/format.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';
import type { Calculator } from './use-calculator.ts';

/**
 * The price breakdown (issue 16, docs/money.md): market rate and source, markup, bonus, promocode, fees and the amount
 * received, each line what it adds or takes in the receive currency. The calculator shows the live quote; the claim
 * page and the console show the one frozen on the claim.
 */

export function BreakdownList({
  quote: q,
  from,
  to,
  locale,
  note,
  timeZone,
}: {
  quote: Quote;
  /** The sides' currencies: their tickers and decimal places, as every page writes money (shared/format.ts). */
  from: MoneyUnit;
  to: MoneyUnit;
  locale: Locale;
  /** A line under the figures: how long the rate holds, or that the figures are the claim's frozen ones. */
  note?: string;
  /** The zone the rate's time is written in: the visitor's on public pages, the exchange's in the console. */
  timeZone: string;
}) {
  const source = q.source === 'manual' ? quoteText('manualSource', locale) : q.source;
  // Written as every page writes money (shared/format.ts).
  const rate = formatCourse(q.rate, from, to, locale).text;
  return (
    <div className="text-sm" data-testid="breakdown">
      <p className="text-slate-600">{quoteText('rate', locale, { rate, source })}</p>
      <p className="text-slate-600">
        {quoteText('updated', locale, { time: formatDateTime(q.updatedAt, locale, timeZone) })}
      </p>
      <dl className="mt-2 divide-y divide-slate-200">
        {quoteLines(q).map((l) => (
          <div
            key={l.part}
            className={`flex justify-between gap-4 py-1.5 ${l.part === 'receive' ? 'font-semibold text-ink' : ''}`}
            data-part={l.part}
          >
            <dt>
              {quoteLineLabels[l.part][locale]}
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

/**
 * The calculator's breakdown of the amount on screen. On a phone it is a disclosure, closed until asked for; from the
 * `sm` width up it is always open (the toggle is hidden), so the server's HTML is right on both without a script.
 */
export function CalculatorBreakdown({ calc, locale }: { calc: Calculator; locale: Locale }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const timeZone = useVisitorTimeZone();
  const { pair, basePair, from, to, amounts, status } = calc;
  if (status !== 'ready' || !pair || !basePair || !from || !to) return null;
  const send = amounts.send;
  if (!isDecimal(send) || new Big(send).lte(0)) return null;
  const q = quote(pair, basePair.breakdown, send, calc.promocode?.discount ?? '0');
  // A course accepted after a rate change comes without its parts: no breakdown rather than one that does not add up.
  if (q.course !== pair.course) return null;
  return (
    <div className="mt-3 rounded-xl px-4 py-3 ring-1 ring-slate-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="focus-ring flex w-full cursor-pointer items-center justify-between text-sm font-medium text-brand-700 sm:hidden"
      >
        {quoteText('title', locale)}
        <ChevronDown aria-hidden="true" className={`size-4 transition ${open ? 'rotate-180' : ''}`} />
      </button>
      <p className="hidden text-sm font-medium text-ink sm:block">{quoteText('title', locale)}</p>
      <div id={id} className={`${open ? 'mt-2 block' : 'hidden'} sm:mt-2 sm:block`}>
        <BreakdownList
          quote={q}
          from={from}
          to={to}
          locale={locale}
          note={quoteText('held', locale, { minutes: pair.paymentWindowMinutes })}
          timeZone={timeZone}
        />
      </div>
    </div>
  );
}
