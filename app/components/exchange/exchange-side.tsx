import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Info } from '../icons/info.tsx';
import { amountInputText, formatAmount, formatMoney, type MoneyUnit } from '../../../shared/format.ts';
import { catalogueMessage } from '../../../shared/field-issues.ts';
import type { Locale } from '../../../shared/locales.ts';
import { replayedAmountText, sendLimits } from '../../lib/exchange/amounts.ts';
import { replayedInputs } from '../../lib/exchange/replayed.ts';
import { useGroupedAmount } from '../../lib/use-grouped-amount.ts';
import { CurrencySelect } from './currency-select.tsx';
import { ErrorList, inputClass } from './form-parts.tsx';
import type { AmountNote, Calculator, RefusedInput } from './use-calculator.ts';

/**
 * One side of the calculator: its currency, its amount and what the customer should know about it. The send side
 * shows the pair's limits (each a button that puts that amount in) and says when an amount was moved to one; the
 * receive side shows the reserve left to pay out.
 */

export interface ExchangeSideProps {
  side: 'send' | 'receive';
  calc: Calculator;
  /** The id of the side's title: it names the currency list too. */
  labelId: string;
  errors?: string[] | undefined;
  /** A claim is on its way: the currency, the amount and the limits' buttons cannot change it. */
  locked: boolean;
  locale: Locale;
}

export function ExchangeSide({ side, calc, labelId, errors, locked, locale }: ExchangeSideProps) {
  const { t } = useTranslation('exchange');
  const id = useId();
  const { pair } = calc;
  const send = side === 'send';
  const currency = send ? calc.from : calc.to;
  const symbol = currency?.symbol ?? '';
  const unit: MoneyUnit = { symbol, decimals: currency?.decimals ?? 2 };
  const notify = (send ? pair?.from.notify : pair?.to.notify) ?? '';
  const below = send ? [`${id}-note`, `${id}-limits`] : [`${id}-note`, `${id}-reserve`];
  return (
    <div>
      <h2 id={labelId} className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {t(side)}
      </h2>
      <CurrencySelect
        labelId={labelId}
        options={send ? calc.sendOptions : calc.toOptions}
        value={currency?.id ?? null}
        onChange={send ? calc.selectFrom : calc.selectTo}
        disabled={locked || (!send && calc.toOptions.length === 0)}
      />
      <AmountInput
        name={send ? 'fromSumma' : 'toSumma'}
        label={t(send ? 'sendAmount' : 'receiveAmount')}
        value={send ? calc.amounts.send : calc.amounts.receive}
        symbol={symbol}
        errors={errors}
        describedBy={notify ? [...below, `${id}-notify`] : below}
        onType={(value, replayed) => calc.type(side, value, replayed)}
        onCommit={calc.commit}
        readOnly={locked}
        locale={locale}
        asTyped={calc.refused?.side === side && calc.refused.reason === 'comma'}
      />
      <AmountNotice
        id={`${id}-note`}
        side={side}
        note={calc.note}
        refused={calc.refused}
        unit={unit}
        sendUnit={{ symbol: calc.from?.symbol ?? '', decimals: calc.from?.decimals ?? 2 }}
        locale={locale}
      />
      {send ? (
        <SendLimits id={id} calc={calc} unit={unit} locked={locked} locale={locale} />
      ) : (
        <p id={`${id}-reserve`} className="mt-2 text-sm text-slate-600">
          {pair && (
            <>
              {t('reserve')}: <span className="tabular-nums">{formatAmount(pair.to.reserve, unit, locale)}</span>{' '}
              {symbol}
            </>
          )}
        </p>
      )}
      {notify && (
        <p id={`${id}-notify`} className="mt-2 flex items-start gap-1.5 text-sm text-slate-600">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <span>{notify}</span>
        </p>
      )}
    </div>
  );
}

interface LimitsProps {
  id: string;
  calc: Calculator;
  unit: MoneyUnit;
  locked: boolean;
  locale: Locale;
}

function SendLimits({ id, calc, unit, locked, locale }: LimitsProps) {
  const { t } = useTranslation('exchange');
  const { pair } = calc;
  const limits = pair ? sendLimits(pair) : null;
  return (
    <p id={`${id}-limits`} className="mt-2 flex flex-wrap gap-x-3 text-sm text-slate-600">
      {(['min', 'max'] as const).map((kind) => {
        const value = limits?.[kind];
        return (
          value && (
            <span key={kind}>
              {t(kind)}{' '}
              <button
                type="button"
                className="link btn-disabled tabular-nums disabled:no-underline"
                disabled={locked}
                onClick={() => calc.pickSend(value)}
                aria-label={t(`useLimit.${kind}`, { amount: formatMoney(value, unit, locale) })}
              >
                {formatMoney(value, unit, locale)}
              </button>
            </span>
          )
        );
      })}
    </p>
  );
}

interface NoticeProps {
  id: string;
  side: 'send' | 'receive';
  note: AmountNote | null;
  refused: RefusedInput | null;
  unit: MoneyUnit;
  /** The send side's currency: the rounding note names the send amount. */
  sendUnit: MoneyUnit;
  locale: Locale;
}

/**
 * What the form did to this side's amount and why (docs/product/behaviour.md, no silent changes): a keystroke it
 * refused, the send amount moved to a limit, the typed receive amount changed by rounding. Always in the page (a live
 * region is announced only when its content changes), visible when it has something to say.
 */
function AmountNotice({ id, side, note, refused, unit, sendUnit, locale }: NoticeProps) {
  const { t } = useTranslation('exchange');
  const { symbol } = unit;
  const money = (amount: string, of = unit) => formatMoney(amount, of, locale);
  let text = '';
  if (refused?.side === side) {
    text =
      refused.reason === 'decimals'
        ? refused.dp === 0
          ? t('refused.whole', { symbol })
          : t('refused.decimals', { symbol, count: refused.dp })
        : refused.reason === 'comma'
          ? // The withdrawal form's message too (shared/errors.ts): one reading of amounts, one way to say it.
            catalogueMessage('field_amount_comma', locale)
          : t(`refused.${refused.reason}`);
  } else if (note && note.kind !== 'rounded' && side === 'send') {
    const key = note.kind === 'min' ? 'min' : note.why === 'reserve' ? 'maxReserve' : 'max';
    text = t(`adjusted.${key}`, { amount: money(note.amount) });
  } else if (note?.kind === 'rounded' && side === 'receive') {
    text = t('adjusted.rounded', {
      receive: money(note.receive),
      typed: money(note.typed),
      send: money(note.send, sendUnit),
    });
  }
  return (
    <p
      id={id}
      role="status"
      data-testid={`${side}-notice`}
      className={text ? 'mt-1.5 flex items-start gap-1.5 text-sm font-medium text-amber-800' : 'sr-only'}
    >
      {text && <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
      <span>{text}</span>
    </p>
  );
}

interface AmountProps {
  name: 'fromSumma' | 'toSumma';
  label: string;
  value: string;
  symbol: string;
  errors: string[] | undefined;
  describedBy: string[];
  /** `replayed`: the value typed before the form's code arrived (exchange-island.tsx). */
  onType: (value: string, replayed: boolean) => void;
  onCommit: () => void;
  readOnly: boolean;
  locale: Locale;
  /** A refused comma's hint stands beside it: the figure is shown as typed, not grouped as an accepted amount. */
  asTyped: boolean;
}

function AmountInput(props: AmountProps) {
  const { name, label, value, symbol, errors, describedBy, onType, onCommit, readOnly, locale, asTyped } = props;
  const id = useId();
  // Grouped while the customer is not in the field, plain while they are (app/lib/use-grouped-amount.ts). Either way
  // the field writes the language's decimal sign; the amount itself stays a decimal string with a point.
  const grouped = useGroupedAmount(amountInputText(value, locale), locale, asTyped);
  const shown = grouped.value;
  const field = useRef<HTMLInputElement>(null);
  // A point typed in ru comes back as a comma: React then sets the field's text, which would put the caret at the
  // end. The same length means the same place, so the caret goes back where the keystroke left it.
  const caret = useRef<{ start: number | null; end: number | null; length: number } | null>(null);
  useLayoutEffect(() => {
    const at = caret.current;
    caret.current = null;
    const input = field.current;
    if (!at || !input || input.ownerDocument.activeElement !== input || input.value.length !== at.length) return;
    if (input.selectionStart !== at.start || input.selectionEnd !== at.end) input.setSelectionRange(at.start, at.end);
  }, [shown]);
  const invalid = !!errors?.length;
  const ids = [invalid ? `${id}-error` : null, ...describedBy].filter(Boolean).join(' ');
  return (
    <div className="mt-3">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          ref={field}
          value={shown}
          placeholder="0"
          onFocus={grouped.onFocus}
          onChange={(event) => {
            const { selectionStart: start, selectionEnd: end, value: typed, defaultValue } = event.target;
            caret.current = { start, end, length: typed.length };
            const replayed = replayedInputs.has(event.nativeEvent);
            // A keystroke: the customer is in the field (a replayed value may be one they have left).
            if (!replayed) grouped.typed();
            // Typed over the server's grouped figure: its group signs are not the customer's.
            onType(replayed ? replayedAmountText(defaultValue, typed, locale) : typed, replayed);
          }}
          onBlur={() => {
            grouped.onBlur();
            onCommit();
          }}
          readOnly={readOnly}
          aria-invalid={invalid || undefined}
          aria-describedby={ids || undefined}
          className={`${inputClass} ${invalid ? 'border-red-600' : 'border-slate-300'} py-3 pr-20 text-lg font-semibold tabular-nums`}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-sm font-semibold text-slate-500"
        >
          {symbol}
        </span>
      </div>
      {invalid && <ErrorList id={`${id}-error`} messages={errors} />}
    </div>
  );
}
