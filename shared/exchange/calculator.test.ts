import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCourse } from '../format.ts';
import {
  checkLimits,
  clampSend,
  courseDecimals,
  courseFromSource,
  courseWithPromocode,
  decimalPlaces,
  fromMin,
  improveCourse,
  invertPrice,
  isDecimal,
  receiveFor,
  sendFor,
  type Pair,
} from './calculator.ts';

const rubToUsdt: Pair = {
  course: '0.01063829',
  from: { min: '5000', max: '500000', roundCalculator: 2 },
  to: { min: null, max: null, roundCalculator: 2 },
};
const usdtToRub: Pair = {
  course: '92.45',
  from: { min: null, max: null, roundCalculator: 2 },
  to: { min: '1000', max: '1500000', roundCalculator: 2 },
};
const btcToUsdt: Pair = {
  course: '97250.12',
  from: { min: '0.0005', max: '2', roundCalculator: 8 },
  to: { min: null, max: null, roundCalculator: 6 },
};

describe('calculator: golden table', () => {
  it.each([
    [rubToUsdt, '10000', '106.38'],
    [rubToUsdt, '5000', '53.19'],
    [usdtToRub, '100', '9245.00'],
    [usdtToRub, '0.01', '0.92'],
    [btcToUsdt, '0.01', '972.501200'],
    [btcToUsdt, '0.00123457', '120.062080'],
  ])('receive for %#', (pair, send, receive) => {
    expect(receiveFor(pair, send)).toBe(receive);
  });

  it.each([
    [rubToUsdt, '106.38', '9999.73'],
    [usdtToRub, '9245', '100.00'],
    [usdtToRub, '9245.01', '100.01'],
    [btcToUsdt, '1000', '0.01028277'],
  ])('send for %#', (pair, receive, send) => {
    expect(sendFor(pair, receive)).toBe(send);
  });

  it('clamps the send amount to the limits', () => {
    expect(clampSend(rubToUsdt, '100')).toBe('5000.00');
    expect(clampSend(rubToUsdt, '900000')).toBe('500000.00');
    expect(clampSend(rubToUsdt, '12345.678')).toBe('12345.67');
  });

  it('derives a missing min as the other side min divided by the course', () => {
    // 1000 RUB / 92.45 = 10.8166...: rounded up so that it buys at least 1000 RUB.
    expect(fromMin(usdtToRub)?.toFixed(2)).toBe('10.82');
    expect(clampSend(usdtToRub, '1')).toBe('10.82');
    expect(Number(receiveFor(usdtToRub, '10.82'))).toBeGreaterThanOrEqual(1000);
    expect(checkLimits(usdtToRub, '10.81')).toEqual({ kind: 'below_min', min: '10.82' });
    expect(checkLimits(usdtToRub, '20000')).toEqual({ kind: 'above_max', max: '16224.98' });
    expect(checkLimits(usdtToRub, '100')).toBeNull();
  });

  it('reads decimal strings only', () => {
    expect(isDecimal('10')).toBe(true);
    expect(isDecimal('10.5')).toBe(true);
    expect(isDecimal('1e3')).toBe(false);
    expect(isDecimal('-1')).toBe(false);
    expect(isDecimal('.5')).toBe(false);
    expect(isDecimal(10)).toBe(false);
    expect(decimalPlaces('1.2300')).toBe(4);
    expect(decimalPlaces('12')).toBe(0);
  });

  it('improves a course by a percentage', () => {
    expect(improveCourse('92.45', '1')).toBe('93.3745');
    expect(improveCourse('100', '0')).toBe('100');
  });
});

const decimals = fc.integer({ min: 0, max: 8 });
const course = fc
  .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 8 }))
  .map(([n, dp]) => new Big(n).div(new Big(10).pow(dp)).toFixed());
const amount = fc
  .tuple(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 8 }))
  .map(([n, dp]) => new Big(n).div(new Big(10).pow(dp)).toFixed());
const pair = fc.record({
  course,
  from: fc.record({ min: fc.constant(null), max: fc.constant(null), roundCalculator: decimals }),
  to: fc.record({ min: fc.constant(null), max: fc.constant(null), roundCalculator: decimals }),
}) as fc.Arbitrary<Pair>;

describe('calculator: properties', () => {
  it('what the customer receives never exceeds send x course, by less than one unit of the last place', () => {
    fc.assert(
      fc.property(pair, amount, (p, send) => {
        const exact = new Big(send).times(p.course);
        const got = new Big(receiveFor(p, send));
        const unit = new Big(1).div(new Big(10).pow(p.to.roundCalculator));
        return (
          got.lte(exact) && exact.minus(got).lt(unit) && decimalPlaces(receiveFor(p, send)) === p.to.roundCalculator
        );
      }),
    );
  });

  it('sending what sendFor asks yields at least the wanted receive amount (reverse conversion)', () => {
    fc.assert(
      fc.property(pair, amount, (p, wanted) => {
        const receive = new Big(wanted).round(p.to.roundCalculator, 0).toFixed();
        const send = sendFor(p, receive);
        return new Big(receiveFor(p, send)).gte(receive);
      }),
    );
  });

  it('a clamped amount is always within the limits and keeps the side decimals', () => {
    const limited = fc
      .tuple(pair, amount, amount)
      .map(([p, a, b]) => {
        const [lo, hi] = new Big(a).lt(b) ? [a, b] : [b, a];
        const dp = p.from.roundCalculator;
        return {
          ...p,
          from: {
            ...p.from,
            min: new Big(lo).round(dp, 3).toFixed(dp),
            max: new Big(hi).round(dp, 3).toFixed(dp),
          },
        } as Pair;
      })
      .filter((p) => new Big(p.from.min!).lte(p.from.max!));
    fc.assert(
      fc.property(limited, amount, (p, send) => {
        const c = clampSend(p, send);
        return checkLimits(p, c) === null && decimalPlaces(c) === p.from.roundCalculator;
      }),
    );
  });
});

describe('courses of a tiny magnitude (an inverted source price)', () => {
  const rub = { symbol: 'RUB' };
  const btc = { symbol: 'BTC' };
  const significant = (value: string) => new Big(value).c.length;

  it('inverts BTCRUB 8 950 000 into RUB -> BTC to 18 places, rounded up, so it reads 8 950 000,00 back', () => {
    const rate = invertPrice('8950000');
    expect(rate).toBe('0.000000111731843576');
    // The smallest 18-place decimal at or above 1 / price.
    expect(new Big(rate).times('8950000').gte(1)).toBe(true);
    expect(new Big(rate).minus('1e-18').times('8950000').lt(1)).toBe(true);
    expect(new Big(1).div(rate).round(2).toFixed(2)).toBe('8950000.00');
    // The two directions of one source price write the same course.
    expect(formatCourse(rate, rub, btc, 'ru').text).toBe('8\u00a0950\u00a0000,00\u00a0RUB = 1\u00a0BTC');
    expect(formatCourse('8950000', btc, rub, 'ru').text).toBe('1\u00a0BTC = 8\u00a0950\u00a0000,00\u00a0RUB');
  });

  it('keeps every place the money columns hold through the markup, the bonus and a promocode', () => {
    expect(courseDecimals).toBe(18);
    const course = courseFromSource(invertPrice('8950000'), '3.5');
    // 12 places kept 0.000000107821 (six significant digits): one over it was 9 274 631,11 instead of 9 274 611,40.
    expect(course).toBe('0.00000010782122905');
    expect(significant(course)).toBeGreaterThanOrEqual(11);
    // Written, it is the source's price with the markup, 8 950 000 / 0.965 rounded up.
    const withMarkup = new Big('8950000').div('0.965').round(2, Big.roundUp).toFixed(2);
    expect(withMarkup).toBe('9274611.40');
    expect(formatCourse(course, rub, btc, 'ru').text).toBe('9\u00a0274\u00a0611,40\u00a0RUB = 1\u00a0BTC');
    expect(significant(courseWithPromocode(course, '0.5'))).toBeGreaterThanOrEqual(11);
    expect(decimalPlaces(courseWithPromocode(course, '0.5'))).toBeLessThanOrEqual(18);
    // A large course keeps its places as before.
    expect(courseFromSource('8950000', '3')).toBe('8681500');
  });

  it('any listed price with two places and up to 1e8 reads back the same through its inversion', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1_000n, max: 10_000_000_000n }), (cents) => {
        const price = new Big(cents.toString()).div(100);
        const rate = invertPrice(price.toFixed());
        expect(decimalPlaces(rate)).toBeLessThanOrEqual(courseDecimals);
        expect(new Big(rate).times(price).gte(1)).toBe(true);
        expect(new Big(rate).minus('1e-18').times(price).lt(1)).toBe(true);
        const written = formatCourse(rate, rub, btc, 'en').give.replace(/[,\u00a0RUB]/g, '');
        expect(written).toBe(price.toFixed(2));
      }),
    );
  });
});
