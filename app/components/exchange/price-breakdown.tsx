import { useId, useState } from 'react';
import Big from 'big.js';
import { ChevronDown } from '../icons/chevron-down.tsx';
import { isDecimal } from '../../../shared/exchange/calculator.ts';
import { quoteText } from '../../../shared/exchange/quote-labels.ts';
import { quote, quoteLines } from '../../../shared/exchange/quote.ts';
import type { Locale } from '../../../shared/locales.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';
import { BreakdownList } from './breakdown-list.tsx';
import type { Calculator } from './use-calculator.ts';

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
  // A refused comma holds ("100,5" standing as 1005): the receive field prices nothing, nor does the breakdown.
  if (calc.refused?.reason === 'comma' && !amounts.receive) return null;
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
          lines={quoteLines(q)}
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
