import Big from 'big.js';

/**
 * The one calculation module (docs/product/behaviour.md), shared by the calculator UI and the server that recomputes
 * every claim. Amounts are decimal strings in and out and are computed with big.js, never Number (docs/money.md).
 */

interface Side {
  /** Minimum amount of this side, or null when the operator left it empty. */
  min: string | null;
  /** Maximum amount of this side, or null for no limit. */
  max: string | null;
  /** Decimal places this side's amounts are rounded to (`roundCalculator`). */
  roundCalculator: number;
}

/**
 * A direction's fixed fees, each in its side's currency: `from` is taken from what the customer sends before the
 * exchange (a bank's fee), `to` from what they receive after it (a network's fee). Decimal strings, "0" for none.
 */
export interface Fees {
  from: string;
  to: string;
}

export interface Pair {
  /** How much of `to` one unit of `from` buys. */
  course: string;
  from: Side;
  to: Side;
  /** The pair's price parts (the pair answer's `breakdown`); only its fees change the amounts here. Absent = no fees. */
  breakdown?: { fees: Fees };
}

const DOWN = 0; // Big.roundDown
const UP = 3; // Big.roundUp

/**
 * The pair's fees rounded to their sides' places, up: a fee written finer than the side's amounts never lets a
 * quote come out in the customer's favour by a fraction the exchange then pays.
 */
export function feesOf(pair: Pair): { from: Big; to: Big } {
  const fees = pair.breakdown?.fees;
  return {
    from: new Big(fees?.from ?? 0).round(pair.from.roundCalculator, UP),
    to: new Big(fees?.to ?? 0).round(pair.to.roundCalculator, UP),
  };
}

/** What one sends becomes after the send side's fee (never below zero). */
function afterFromFee(pair: Pair, send: Big): Big {
  const net = send.minus(feesOf(pair).from);
  return net.lt(0) ? new Big(0) : net;
}

/** A decimal string as the API writes it: no exponent, no trailing zeros beyond what `dp` keeps. */
export function format(value: Big, dp: number): string {
  return value.toFixed(dp);
}

const decimalPattern = /^\d+(\.\d+)?$/;

/** Whether `value` is a non-negative decimal string (the only amount format the API accepts). */
export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 60 && decimalPattern.test(value);
}

/**
 * Whether a decimal string fits the money columns (`numeric(36, 18)`: at most 18 digits before the point). A larger
 * amount is refused as invalid input before it reaches a row, whatever limits a pair or a balance would say.
 */
export function fitsMoneyColumn(value: string): boolean {
  const whole = value
    .replace(/^[-+]/, '')
    .split('.')[0]!
    .replace(/^0+(?=\d)/, '');
  return whole.length <= 18;
}

/** Decimal places written in `value` ("1.2300" has 4). */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/**
 * The from side's effective minimum: its own, or the other side's minimum divided by the course
 * (docs/product/behaviour.md).
 */
export function fromMin(pair: Pair): Big | null {
  if (pair.from.min !== null) return new Big(pair.from.min);
  if (pair.to.min !== null) {
    // The division is long (a course keeps 18 places) and every claim's check asks it of the same few pairs.
    const fees = pair.breakdown?.fees;
    const key = `${pair.to.min}|${pair.course}|${fees?.from}|${fees?.to}|${pair.from.roundCalculator}|${pair.to.roundCalculator}`;
    let min = derivedMins.get(key);
    if (min === undefined) {
      min = derivedMin(pair, pair.to.min);
      if (derivedMins.size >= 1_000) derivedMins.clear();
      derivedMins.set(key, min);
    }
    return min;
  }
  return null;
}

/** `fromMin` derived from the receive side's minimum, by the inputs it is made of (Big values are never changed). */
const derivedMins = new Map<string, Big | null>();

function derivedMin(pair: Pair, toMin: string): Big | null {
  const course = new Big(pair.course);
  if (course.lte(0)) return null;
  // Rounded up so that the derived minimum really buys the receive side's minimum (its fees included).
  const fees = feesOf(pair);
  return new Big(toMin).plus(fees.to).div(course).round(pair.from.roundCalculator, UP).plus(fees.from);
}

/** The from side's effective maximum: its own, or the receive side's maximum turned into a send amount. */
export function fromMax(pair: Pair): Big | null {
  if (pair.from.max !== null) return new Big(pair.from.max);
  if (pair.to.max !== null) return sendCovering(pair, pair.to.max);
  return null;
}

/**
 * The most one can send and receive no more than `receive`, the fees on both sides included (rounded down, so it never
 * buys more): the receive side's maximum as a send one, and what a reserve still pays for (the calculator's clamp and
 * the monitors' `maxamount` alike, so neither promises what a claim is refused for; a little above it may still be
 * taken where one unit sent buys less than one unit received). Null for a course of zero.
 */
export function sendCovering(pair: Pair, receive: Big.BigSource): Big | null {
  const course = new Big(pair.course);
  if (course.lte(0)) return null;
  const fees = feesOf(pair);
  return new Big(receive).plus(fees.to).div(course).round(pair.from.roundCalculator, DOWN).plus(fees.from);
}

/** The send amount clamped to the from side's limits (docs/product/behaviour.md: on change). */
export function clampSend(pair: Pair, send: string): string {
  let value = new Big(send).round(pair.from.roundCalculator, DOWN);
  const min = fromMin(pair);
  const max = fromMax(pair);
  if (max !== null && value.gt(max)) value = max;
  if (min !== null && value.lt(min)) value = min;
  return format(value, pair.from.roundCalculator);
}

/**
 * Receive = (send - send fee) x course, rounded down to the receive side's decimals, minus the receive fee: what the
 * customer gets never rounds up, and is zero when the fees take it all.
 */
export function receiveFor(pair: Pair, send: string): string {
  const gross = afterFromFee(pair, new Big(send)).times(pair.course).round(pair.to.roundCalculator, DOWN);
  const value = gross.minus(feesOf(pair).to);
  return format(value.lt(0) ? new Big(0) : value, pair.to.roundCalculator);
}

/**
 * Send for a wanted receive amount (the customer typed into the receive field): receive / course, rounded up to the
 * send side's decimals so that sending it really yields at least `receive`.
 */
export function sendFor(pair: Pair, receive: string): string {
  const course = new Big(pair.course);
  if (course.lte(0)) return format(new Big(0), pair.from.roundCalculator);
  const fees = feesOf(pair);
  const value = new Big(receive).plus(fees.to).div(course).round(pair.from.roundCalculator, UP).plus(fees.from);
  return format(value, pair.from.roundCalculator);
}

export type LimitProblem = { kind: 'below_min'; min: string } | { kind: 'above_max'; max: string } | null;

/** Whether a send amount is within the pair's limits (the server refuses what the UI would have clamped). */
export function checkLimits(pair: Pair, send: string): LimitProblem {
  const value = new Big(send);
  const min = fromMin(pair);
  const max = fromMax(pair);
  if (min !== null && value.lt(min)) return { kind: 'below_min', min: format(min, pair.from.roundCalculator) };
  if (max !== null && value.gt(max)) return { kind: 'above_max', max: format(max, pair.from.roundCalculator) };
  return null;
}

/** A course improved by a percentage (promocode, bonus): course x (1 + percent / 100). */
export function improveCourse(course: string, percent: string): string {
  return new Big(course).times(new Big(percent).div(100).plus(1)).toFixed();
}

/** A decimal as the API writes courses and stored amounts: normal notation, no trailing zeros ("92.450000" -> "92.45"). */
export function plain(value: string | Big): string {
  return new Big(value).toFixed();
}

/**
 * Decimal places a course (and a source rate) keeps: 18, every place the money columns hold (`numeric(36, 18)`: a
 * direction's `source_rate` and `course_manual`, a claim's `course` and `offer_course`). A course is a ratio, so its
 * magnitude follows the pair: RUB -> BTC is about 1.1e-7, BTC -> RUB about 9e6. A fixed number of places therefore
 * keeps fewer significant digits the smaller the course; 12 places left RUB -> BTC five or six, so one over the course
 * (the "RUB = 1 BTC" a customer reads) was off by tens of roubles. Keeping all 18 places gives a 1e-7 course eleven or
 * twelve significant digits, enough for its reciprocal to round back to the source's price at two places up to prices
 * of about 1e8; a fixed count of significant digits would instead need more than 18 places for such a course and
 * could not be stored (docs/money.md).
 */
export const courseDecimals = 18;

/**
 * A price listed the other way round, inverted into a rate: 1 / `price` (how much of the listed pair's base one unit
 * of its quote buys: Binance's BTCRUB 8950000 gives RUB -> BTC 0.000000111731843576). Exact to `courseDecimals`
 * places, rounded up: the smallest such decimal whose product with the price is at least 1, so the cost of one unit
 * written back from it (`formatCourse` rounds a cost up) reads the listed price again, "8 950 000,00 RUB = 1 BTC" as
 * the opposite direction writes it. It is above the exact inverse by less than one unit in the 18th place (for BTC, a
 * few parts in 1e11), far below any currency's places, and the markup's rounding down follows (`courseFromSource`).
 */
export function invertPrice(price: string): string {
  const listed = new Big(price);
  if (listed.lte(0)) throw new RangeError(`cannot invert a price of ${price}`);
  const step = new Big(1).div(new Big(10).pow(courseDecimals));
  // big.js divides to Big.DP (20) places rounding half up, so the first guess can sit a step either side of the
  // answer: multiplication is exact, and settles it.
  let value = new Big(1).div(listed).round(courseDecimals, DOWN);
  while (value.times(listed).lt(1)) value = value.plus(step);
  while (value.gt(step) && value.minus(step).times(listed).gte(1)) value = value.minus(step);
  return plain(value);
}

/** A direction's course from a rate source lowered by the operator's markup, rounded down (never in our disfavour). */
export function courseFromSource(rate: string, markupPercent: string): string {
  const value = new Big(rate).times(new Big(1).minus(new Big(markupPercent).div(100))).round(courseDecimals, DOWN);
  return plain(value);
}

/** A course improved by a promocode's discount, rounded down to the course's places (claims and quotes alike). */
export function courseWithPromocode(course: string, discountPercent: string): string {
  return plain(new Big(improveCourse(course, discountPercent)).round(courseDecimals, DOWN));
}
