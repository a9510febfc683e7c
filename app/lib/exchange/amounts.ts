import Big from 'big.js';
import {
  checkLimits,
  clampSend,
  fromMax,
  fromMin,
  isDecimal,
  receiveFor,
  sendCovering,
  sendFor,
  type Pair,
} from '../../../shared/exchange/calculator.ts';
import { amountInputText, formatDecimal, readAmountText, refusedComma } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locales.ts';

/**
 * The calculator's two-way amounts (docs/product/behaviour.md) on top of the one calculation module: what the inputs accept while the
 * customer types, and what a committed (blurred, submitted) amount becomes. Strings and big.js only, never Number.
 */

const maxAmountLength = 30;

/**
 * An amount in progress trimmed to what a side can take: a comma counts as the decimal point, decimals stop at `dp`.
 * Used when other settings arrive for an amount already typed (the new settings may round the side differently).
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
  return tidy(value).slice(0, maxAmountLength);
}

/** "007" -> "7" and ".5" -> "0.5"; "0.5", "0" and "12." stay. */
function tidy(value: string): string {
  const trimmed = value.replace(/^0+(?=\d)/, '');
  return trimmed.startsWith('.') ? `0${trimmed}` : trimmed;
}

/**
 * Why a change of an amount field was refused: a character that is not part of a number, a comma English does not
 * read as grouping, too many decimals, too long.
 */
export type Refusal = 'chars' | 'comma' | 'decimals' | 'long';

export interface TypedAmount {
  /** What the field shows now: the new value, or the previous one when the change was refused. */
  value: string;
  refused: Refusal | null;
}

/**
 * A change of an amount field (a keystroke, a paste) as the customer made it (docs/product/behaviour.md, Calculator):
 * accepted when the field then holds a number in progress with at most `dp` decimals, else refused whole, so the
 * field keeps `previous` and the form says why. Nothing is reinterpreted: "abc1e5" pasted is refused, not read as 15,
 * and a ninth decimal of an 8-decimal side is not typed. Separators are read as the page's language writes them
 * (shared/format.ts `readAmountText`, the withdrawal form's reading too): both leave the number as written.
 */
export function typeAmount(previous: string, raw: string, dp: number, locale: Locale): TypedAmount {
  const value = readAmountText(raw, locale);
  if (value === refusedComma) return { value: previous, refused: 'comma' };
  if (!/^\d*\.?\d*$/.test(value)) return { value: previous, refused: 'chars' };
  const dot = value.indexOf('.');
  if (dot !== -1 && value.length - dot - 1 > dp) return { value: previous, refused: 'decimals' };
  if (dp === 0 && dot !== -1) return { value: previous, refused: 'decimals' };
  const next = tidy(value);
  if (next.length > maxAmountLength) return { value: previous, refused: 'long' };
  return { value: next, refused: null };
}

/**
 * What the customer typed before the form's code arrived (docs/decisions/0012), taken as if typed now, one key at a
 * time at the end of an empty field: the same rules as typeAmount, so `0.00000001` into a 2-decimal side is "0.00"
 * and says why, exactly as when typed after. A whole value the field takes as it is ("1,500" in English, whose
 * comma alone would be refused as a keystroke) is taken whole.
 */
export function typeAmountAtOnce(raw: string, dp: number, locale: Locale): TypedAmount {
  const whole = typeAmount('', raw, dp, locale);
  if (whole.refused === null) return whole;
  // A comma English cannot read ("1,5") stays refused whole: key by key it would drop out and leave 15.
  if (whole.refused === 'comma') return { value: '', refused: 'comma' };
  let value = '';
  let refused: Refusal | null = null;
  for (const key of raw) {
    const next = typeAmount(value, value + key, dp, locale);
    value = next.value;
    refused = next.refused ?? refused;
  }
  return { value, refused };
}

/**
 * An amount as its field shows it while the customer is not typing in it (docs/product/behaviour.md): grouped by the
 * page's own formatter, as every figure around it ("20 000,00" in ru, "20,000.00" in en), with the decimals it has
 * (zeros past two dropped), so focusing the field (ungrouped in place) and leaving it keep the figure to the last
 * digit. An amount in progress ("12.", "") stays as typed.
 */
export function groupedAmountText(value: string, locale: Locale): string {
  if (!/^\d+(\.\d+)?$/.test(value)) return amountInputText(value, locale);
  const dot = value.indexOf('.');
  const decimals = dot === -1 ? 0 : value.length - dot - 1;
  // Zeros past two places are the side's rounding writing the amount out ("0.012300" for a BTC side of six places),
  // not digits: dropped, as every other amount on the site writes it (0.0123 BTC on the claim page and in the list).
  return formatDecimal(value, locale, { min: Math.min(decimals, 2), max: decimals });
}

/**
 * A field's text as the customer typed it, in the page's language ("1500,5", "1,500.50"), as the field shows it while
 * they are not in it: a complete number grouped as `groupedAmountText` writes it; anything else (an amount in
 * progress, a comma English refuses, a stray letter) stays exactly as typed, so a refusal shows what it refuses.
 */
export function groupedTypedText(text: string, locale: Locale): string {
  return isCompleteTyped(text, locale) ? groupedAmountText(readAmountText(text, locale), locale) : text;
}

/**
 * Whether a field's text as typed reads as a complete number in the page's language: the texts `groupedTypedText`
 * groups, and so the only ones whose group signs focusing the field may drop ("1,5" has none in English: its comma is
 * refused as typed).
 */
export function isCompleteTyped(text: string, locale: Locale): boolean {
  return /^\d+(\.\d+)?$/.test(readAmountText(text, locale));
}

/** The sign the page's formatter groups thousands with: a no-break space in ru, a comma in en. */
export const groupSign = (locale: Locale): string => formatDecimal('1000', locale).charAt(1);

/**
 * Text typed before the form's code arrived (docs/decisions/0012) into a field whose `server` text was grouped: the
 * group signs left unchanged before and after what the customer changed are the page's, not theirs, and are dropped
 * ("5,14.80" after a digit of "5,154.80" was deleted is 514.80, not a comma English refuses). A sign the customer
 * typed, or one of ours right before the keys they typed, is read as typed: "1,5" typed over "1,000.00" may mean 1.5
 * and is refused as ever, never guessed as 15.
 */
export function replayedAmountText(server: string, typed: string, locale: Locale): string {
  const sign = groupSign(locale);
  const shorter = Math.min(server.length, typed.length);
  let start = 0;
  while (start < shorter && server[start] === typed[start]) start++;
  let end = 0;
  while (end < shorter - start && server[server.length - 1 - end] === typed[typed.length - 1 - end]) end++;
  const changed = typed.slice(start, typed.length - end);
  const kept = changed && typed.slice(0, start).endsWith(sign) ? start - sign.length : start;
  const ours = (text: string) => text.split(sign).join('');
  return ours(typed.slice(0, kept)) + typed.slice(kept, typed.length - end) + ours(typed.slice(typed.length - end));
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

/**
 * A pair as the calculator clamps it: the receive side's reserve, when known, caps the send amount too (what the
 * exchange can pay out is what it can sell; the server refuses a claim over the reserve).
 */
export type ClampPair = Pair & { to: { reserve?: string } };

/** Why the send amount was moved: the direction's minimum or maximum, or the reserve left to pay out. */
export type Adjusted = { kind: 'min' | 'max'; amount: string; why: 'limit' | 'reserve' };

export interface Committed {
  send: string;
  receive: string;
  /** Set when the send amount was moved to a limit (the form says so). */
  adjusted: Adjusted | null;
}

/** The send amount the reserve still pays for (rounded down, so it never buys more than the reserve), or null. */
function reserveMax(pair: ClampPair): Big | null {
  const { reserve } = pair.to;
  return reserve === undefined || !isDecimal(reserve) ? null : sendCovering(pair, reserve);
}

/** The pair with its effective send maximum (the lower of its own and the reserve's), and whether the reserve set it. */
function withReserve(pair: ClampPair): { limits: Pair; byReserve: boolean } {
  const byReserve = reserveMax(pair);
  const own = fromMax(pair);
  if (byReserve === null || (own !== null && own.lte(byReserve))) return { limits: pair, byReserve: false };
  return {
    limits: { ...pair, from: { ...pair.from, max: byReserve.toFixed(pair.from.roundCalculator) } },
    byReserve: true,
  };
}

/**
 * A send amount the customer is done with (blur, submit): clamped to the pair's limits (a missing min derived from the
 * receive side, shared module; the maximum lowered to what the reserve pays for), and the receive amount that goes
 * with it. An empty field stays empty.
 */
export function commitSend(pair: ClampPair, send: string): Committed {
  const value = asDecimal(send);
  if (value === null) return { send: '', receive: '', adjusted: null };
  const { limits, byReserve } = withReserve(pair);
  const limit = checkLimits(limits, value);
  const clamped = clampSend(limits, value);
  // Moved means another number (a limit), not the same one written to the side's decimals ("1500.5" -> "1500.50").
  const adjusted: Adjusted | null = new Big(clamped).eq(value)
    ? null
    : limit?.kind === 'below_min'
      ? { kind: 'min', amount: clamped, why: 'limit' }
      : limit?.kind === 'above_max'
        ? { kind: 'max', amount: clamped, why: byReserve ? 'reserve' : 'limit' }
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
export function amountsFor(pair: ClampPair, typed: Typed | null, carried: string | null): Committed {
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
export function sendLimits(pair: ClampPair): { min: string | null; max: string | null } {
  const dp = pair.from.roundCalculator;
  const { limits } = withReserve(pair);
  const min = fromMin(limits);
  const max = fromMax(limits);
  return { min: min === null ? null : min.toFixed(dp), max: max === null ? null : max.toFixed(dp) };
}

/** Whether two amounts are the same number ("100" and "100.00"); empty strings equal only each other. */
export function sameAmount(a: string, b: string): boolean {
  const x = asDecimal(a);
  const y = asDecimal(b);
  if (x === null || y === null) return x === y;
  return new Big(x).eq(y);
}
