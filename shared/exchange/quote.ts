import Big from 'big.js';
import {
  courseDecimals,
  courseFromSource,
  courseWithPromocode,
  feesOf,
  format,
  improveCourse,
  plain,
  receiveFor,
  type Fees,
  type Pair,
} from './calculator.ts';

/**
 * One price breakdown (issue 16, docs/money.md, decision 0024): what a direction's course is made of, and for an
 * amount, how much of the receive currency each part adds or takes. The server prices claims with it and the
 * calculator shows the same figures, so both read one calculation.
 */

/** What a direction's price is made of for one customer: the pair answer's `breakdown`, frozen into each claim. */
export interface PriceTerms {
  /** The market rate: the source's last rate, or the operator's own course for a manual direction. */
  rate: string;
  /** Where the rate comes from: `manual`, or the source (`binance:BTCUSDT`, `cbr:USD`). */
  source: string;
  /** When the rate last changed (ISO 8601). */
  updatedAt: string;
  /** The exchange's markup on a source's rate (negative: below the market); `0` for a manual course. */
  markupPercent: string;
  /** The registered customer's bonus (`0` for a guest). */
  bonusPercent: string;
  fees: Fees;
}

/** Terms for an amount: every figure a decimal string (amounts in the receive currency unless named otherwise). */
export interface Quote extends PriceTerms {
  /** The promocode's discount in percent (`0` without one). */
  promocodePercent: string;
  /** The course the customer gets: the rate after markup, bonus and promocode. */
  course: string;
  /** What the customer sends. */
  send: string;
  /** `send` at the market rate. */
  market: string;
  /** What the markup keeps (subtracted; negative when the course is above the market). */
  markup: string;
  /** What the bonus adds. */
  bonus: string;
  /** What the promocode adds. */
  promocode: string;
  /** The send side's fee, in the send currency. */
  fromFee: string;
  /** The send side's fee as it lowers the amount received (subtracted). */
  fromFeeValue: string;
  /** The receive side's fee (subtracted). */
  toFee: string;
  /** The guaranteed amount received: market - markup + bonus + promocode - fromFeeValue - toFee. */
  receive: string;
}

/** The three courses of a price: the direction's (after markup), the customer's (after bonus), the final one. */
export function coursesOf(terms: PriceTerms, promocodePercent = '0') {
  const direction = terms.source === 'manual' ? plain(terms.rate) : courseFromSource(terms.rate, terms.markupPercent);
  const customer = new Big(terms.bonusPercent).eq(0)
    ? direction
    : plain(new Big(improveCourse(direction, terms.bonusPercent)).round(courseDecimals, 0));
  const final = new Big(promocodePercent).eq(0) ? customer : courseWithPromocode(customer, promocodePercent);
  return { direction, customer, final };
}

/**
 * The quote for `send` on a pair whose course is `coursesOf(terms, promocodePercent).final`. Each step's amount is
 * the send amount at that step's course rounded down to the receive side's places, and each part is the difference
 * of two steps, so the parts add up to `receive` exactly (when the fees leave anything: a quote the fees eat whole
 * receives 0, and the claim is refused).
 */
export function quote(pair: Pair, terms: PriceTerms, send: string, promocodePercent = '0'): Quote {
  const courses = coursesOf(terms, promocodePercent);
  const toDp = pair.to.roundCalculator;
  const amount = new Big(send);
  const at = (course: string, base: Big = amount) => base.times(course).round(toDp, 0);
  const market = at(terms.rate);
  const direction = at(courses.direction);
  const customer = at(courses.customer);
  const final = at(courses.final);
  const fees = feesOf({ ...pair, breakdown: { fees: terms.fees } });
  const net = amount.minus(fees.from);
  const afterFromFee = net.lt(0) ? new Big(0) : at(courses.final, net);
  const priced = { ...pair, course: courses.final, breakdown: { fees: terms.fees } };
  const fromDp = pair.from.roundCalculator;
  return {
    ...terms,
    promocodePercent: plain(promocodePercent),
    course: courses.final,
    send: format(amount, fromDp),
    market: format(market, toDp),
    markup: format(market.minus(direction), toDp),
    bonus: format(customer.minus(direction), toDp),
    promocode: format(final.minus(customer), toDp),
    fromFee: format(fees.from, fromDp),
    fromFeeValue: format(final.minus(afterFromFee), toDp),
    toFee: format(fees.to, toDp),
    receive: receiveFor(priced, send),
  };
}

/** A line of a breakdown as pages and letters list it, in order; lines of zero parts (no bonus, no fee) left out. */
export interface QuoteLine {
  part: 'market' | 'markup' | 'bonus' | 'promocode' | 'fromFee' | 'toFee' | 'receive';
  /** The amount in the receive currency, signed as it counts toward `receive` ("-950", "+12.5", "94000"). */
  amount: string;
  /** The part's percent (markup, bonus, promocode). */
  percent?: string;
  /** The send side's fee in the send currency. */
  fromAmount?: string;
}

const signed = (value: string, sign: 1 | -1) => {
  const v = new Big(value).times(sign);
  return v.gte(0) ? `+${value.replace(/^-/, '')}` : `-${value.replace(/^-/, '')}`;
};

export function quoteLines(q: Quote): QuoteLine[] {
  const lines: QuoteLine[] = [{ part: 'market', amount: q.market }];
  if (!new Big(q.markupPercent).eq(0))
    lines.push({ part: 'markup', amount: signed(q.markup, -1), percent: q.markupPercent });
  if (!new Big(q.bonusPercent).eq(0))
    lines.push({ part: 'bonus', amount: signed(q.bonus, 1), percent: q.bonusPercent });
  if (!new Big(q.promocodePercent).eq(0))
    lines.push({ part: 'promocode', amount: signed(q.promocode, 1), percent: q.promocodePercent });
  if (!new Big(q.fromFee).eq(0))
    lines.push({ part: 'fromFee', amount: signed(q.fromFeeValue, -1), fromAmount: q.fromFee });
  if (!new Big(q.toFee).eq(0)) lines.push({ part: 'toFee', amount: signed(q.toFee, -1) });
  lines.push({ part: 'receive', amount: q.receive });
  return lines;
}
