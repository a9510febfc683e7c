import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMin, receiveFor, sendFor, type Pair } from './calculator.ts';
import { coursesOf, quote, quoteLines, type PriceTerms } from './quote.ts';

// BTC -> USDT TRC20: Binance at 97 250.12, 1.5% markup, 6 places received, 8 sent.
const terms: PriceTerms = {
  rate: '97250.12',
  source: 'binance:BTCUSDT',
  updatedAt: '2026-11-24T10:00:00.000Z',
  markupPercent: '1.5',
  bonusPercent: '0',
  fees: { from: '0', to: '0' },
};
const pairFor = (t: PriceTerms, promocodePercent = '0'): Pair => ({
  course: coursesOf(t, promocodePercent).final,
  from: { min: '0.0005', max: '2', roundCalculator: 8 },
  to: { min: null, max: null, roundCalculator: 6 },
  breakdown: { fees: t.fees },
});

/** market - markup + bonus + promocode - send fee - receive fee, exactly. */
const sum = (q: ReturnType<typeof quote>) =>
  new Big(q.market).minus(q.markup).plus(q.bonus).plus(q.promocode).minus(q.fromFeeValue).minus(q.toFee);

describe('the price breakdown', () => {
  it('without bonus, promocode or fees: market less markup is what is received', () => {
    const q = quote(pairFor(terms), terms, '0.01');
    expect(q).toMatchObject({
      course: '95791.3682',
      send: '0.01000000',
      market: '972.501200',
      markup: '14.587518',
      bonus: '0.000000',
      promocode: '0.000000',
      fromFee: '0.00000000',
      toFee: '0.000000',
      receive: '957.913682',
    });
    expect(sum(q).eq(q.receive)).toBe(true);
    expect(quoteLines(q).map((l) => l.part)).toEqual(['market', 'markup', 'receive']);
  });

  it('fees, bonus and promocode combined still add up to what is received', () => {
    const t = { ...terms, bonusPercent: '0.5', fees: { from: '0.0001', to: '1.5' } };
    const pair = pairFor(t, '1');
    const q = quote(pair, t, '0.12345678', '1');
    expect(q.receive).toBe(receiveFor(pair, '0.12345678'));
    expect(sum(q).eq(q.receive)).toBe(true);
    expect(new Big(q.bonus).gt(0)).toBe(true);
    expect(new Big(q.promocode).gt(0)).toBe(true);
    expect(q.fromFee).toBe('0.00010000');
    expect(q.toFee).toBe('1.500000');
    expect(quoteLines(q)).toEqual([
      { part: 'market', amount: q.market },
      { part: 'markup', amount: `-${q.markup}`, percent: '1.5' },
      { part: 'bonus', amount: `+${q.bonus}`, percent: '0.5' },
      { part: 'promocode', amount: `+${q.promocode}`, percent: '1' },
      { part: 'fromFee', amount: `-${q.fromFeeValue}`, fromAmount: '0.00010000' },
      { part: 'toFee', amount: '-1.500000' },
      { part: 'receive', amount: q.receive },
    ]);
  });

  it('rounds each side to its own places: fees finer than the side round up, amounts received down', () => {
    const t = { ...terms, fees: { from: '0.000000001', to: '0.0000001' } };
    const q = quote(pairFor(t), t, '1');
    expect(q.fromFee).toBe('0.00000001');
    expect(q.toFee).toBe('0.000001');
    // 1 BTC at 95 791.3682 is 95 791.368200; less 0.00000001 BTC of it (0.000958, rounded down) and 0.000001.
    expect(q.receive).toBe('95791.367241');
    expect(sum(q).eq(q.receive)).toBe(true);
  });

  it('a negative markup (above the market) is a part that adds', () => {
    const t = { ...terms, markupPercent: '-2' };
    const q = quote(pairFor(t), t, '0.01');
    expect(q.markup).toBe('-19.450024');
    expect(quoteLines(q)[1]).toEqual({ part: 'markup', amount: '+19.450024', percent: '-2' });
    expect(sum(q).eq(q.receive)).toBe(true);
  });

  it('a manual course is its own market rate: no markup line', () => {
    const t = { ...terms, rate: '92.45', source: 'manual', markupPercent: '0' };
    const q = quote(pairFor(t), t, '0.5');
    expect(q.course).toBe('92.45');
    expect(q.market).toBe(q.receive);
    expect(quoteLines(q).map((l) => l.part)).toEqual(['market', 'receive']);
  });

  it('fees that take everything leave nothing received', () => {
    const t = { ...terms, fees: { from: '0', to: '5000' } };
    expect(quote(pairFor(t), t, '0.01').receive).toBe('0.000000');
  });

  it('the derived minimum and the send for a wanted amount pay the fees too', () => {
    const t = { ...terms, fees: { from: '0.0001', to: '1.5' } };
    const pair = {
      ...pairFor(t),
      from: { min: null, max: null, roundCalculator: 8 },
      to: { ...pairFor(t).to, min: '100' },
    };
    const min = fromMin(pair)!.toFixed(8);
    expect(new Big(receiveFor(pair, min)).gte(100)).toBe(true);
    expect(new Big(receiveFor(pair, sendFor(pair, '500'))).gte(500)).toBe(true);
  });

  it('adds up for any amount, markup, bonus, promocode and fees', () => {
    const decimal = (max: number, dp: number) =>
      fc.integer({ min: 0, max: max * 10 ** dp }).map((n) => new Big(n).div(10 ** dp).toFixed());
    fc.assert(
      fc.property(
        decimal(3, 8),
        decimal(20, 2),
        decimal(5, 2),
        decimal(5, 2),
        decimal(1, 4),
        decimal(50, 2),
        (send, markup, bonus, promo, fromFee, toFee) => {
          const t = { ...terms, markupPercent: markup, bonusPercent: bonus, fees: { from: fromFee, to: toFee } };
          const q = quote(pairFor(t, promo), t, send, promo);
          if (new Big(q.receive).gt(0)) expect(sum(q).eq(q.receive)).toBe(true);
          expect(q.receive).toBe(receiveFor(pairFor(t, promo), send));
        },
      ),
    );
  });
});
