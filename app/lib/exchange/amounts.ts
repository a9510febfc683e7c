import Big from 'big.js';
import {
  checkLimits,
  clampSend,
  fromMax,
  fromMin,
  isDecimal,
  receiveFor,
  sendFor,
  type Pair,
} from '../../../shared/exchange/calculator.ts';

/**
 * The calculator's two-way amounts (docs/product/behaviour.md) on top of the one calculation module: what the inputs accept while the
 * customer types, and what a committed (blurred, submitted) amount becomes. Strings and big.js only, never Number.
 */

const maxAmountLength = 30;

/**
 * What the customer typed, as an amount in progress: a comma counts as the decimal point (ru keyboards), spaces and
 * letters go, one point stays, decimals stop at the side's `dp`. "12." and "" are valid states while typing.
 */
export function cleanAmount(raw: string, dp: number): string {
  let value = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = value.indexOf('.');
  if (dot !== -1) {
    const decimals = value
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, dp);
    value = dp === 0 ? value.slice(0, dot) : `${value.slice(0, dot)}.${decimals}`;
  }
  // "007" -> "7", but "0.5" and "0" stay.
  value = value.replace(/^0+(?=\d)/, '');
  if (value.startsWith('.')) value = `0${value}`;
  return value.slice(0, maxAmountLength);
}

/** The decimal an amount in progress stands for ("12." -> "12"), or null when there is none yet. */
export function asDecimal(value: string): string | null {
  const trimmed = value.endsWith('.') ? value.slice(0, -1) : value;
  return isDecimal(trimmed) ? trimmed : null;
}

/** The receive field while the send field is typed in: send x course, rounded down; '' while send is empty. */
export function receiveOf(pair: Pair, send: string): string {
  const value = asDecimal(send);
  return value === null ? '' : receiveFor(pair, value);
}

/** The send field while the receive field is typed in: receive / course, rounded up; '' while receive is empty. */
export function sendOf(pair: Pair, receive: string): string {
  const value = asDecimal(receive);
  return value === null ? '' : sendFor(pair, value);
}

export interface Committed {
  send: string;
  receive: string;
  /** Set when the send amount was moved to a limit (the form says so). */
  adjusted: { kind: 'min' | 'max'; amount: string } | null;
}

/**
 * A send amount the customer is done with (blur, submit): clamped to the pair's limits (a missing min derived from the
 * receive side, shared module), and the receive amount that goes with it. An empty field stays empty.
 */
export function commitSend(pair: Pair, send: string): Committed {
  const value = asDecimal(send);
  if (value === null) return { send: '', receive: '', adjusted: null };
  const limit = checkLimits(pair, value);
  const clamped = clampSend(pair, value);
  const adjusted =
    limit?.kind === 'below_min'
      ? { kind: 'min' as const, amount: clamped }
      : limit?.kind === 'above_max'
        ? { kind: 'max' as const, amount: clamped }
        : null;
  return { send: clamped, receive: receiveFor(pair, clamped), adjusted };
}

/** The send amount a freshly loaded pair starts with: its (possibly derived) minimum, or nothing. */
export function initialSend(pair: Pair): string {
  const min = fromMin(pair);
  return min === null ? '' : clampSend(pair, min.toFixed());
}

/** The amount the customer typed into the pair on screen: the side they typed it in and what the field says. */
export interface Typed {
  side: 'send' | 'receive';
  value: string;
}

/**
 * Both amounts for settings that have just arrived (docs/product/behaviour.md, Calculator). What the customer typed into the
 * pair stays as typed and the other side follows with the new course: their own course (the bonus) may arrive after
 * they have started typing, and it must not take their number away. Only an amount they did not type into this pair
 * is clamped here: one `carried` over from the previous pair (the same money, the swapped receive amount), or else
 * the pair's own start, its minimum. A typed amount meets the limits when the customer is done with it (commitSend).
 */
export function amountsFor(pair: Pair, typed: Typed | null, carried: string | null): Committed {
  if (typed) {
    // The new settings may round the side differently: the field keeps only what the pair can take.
    if (typed.side === 'send') {
      const send = cleanAmount(typed.value, pair.from.roundCalculator);
      return { send, receive: receiveOf(pair, send), adjusted: null };
    }
    const receive = cleanAmount(typed.value, pair.to.roundCalculator);
    return { send: sendOf(pair, receive), receive, adjusted: null };
  }
  if (carried) return commitSend(pair, carried);
  return { ...commitSend(pair, initialSend(pair)), adjusted: null };
}

/** The pair's effective send limits as decimal strings of the send side's precision. */
export function sendLimits(pair: Pair): { min: string | null; max: string | null } {
  const dp = pair.from.roundCalculator;
  const min = fromMin(pair);
  const max = fromMax(pair);
  return { min: min === null ? null : min.toFixed(dp), max: max === null ? null : max.toFixed(dp) };
}

/** Whether two amounts are the same number ("100" and "100.00"); empty strings equal only each other. */
export function sameAmount(a: string, b: string): boolean {
  const x = asDecimal(a);
  const y = asDecimal(b);
  if (x === null || y === null) return x === y;
  return new Big(x).eq(y);
}
