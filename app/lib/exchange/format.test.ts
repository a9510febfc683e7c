import { describe, expect, it } from 'vitest';
import { courseLine, displayAmount } from './format.ts';

describe('displayAmount', () => {
  it('groups thousands and writes the locale decimal mark, keeping every digit', () => {
    expect(displayAmount('1500000.5', 'ru')).toBe('1\u00a0500\u00a0000,5');
    expect(displayAmount('1500000.5', 'en')).toBe('1,500,000.5');
    expect(displayAmount('0.000000000000000001', 'en')).toBe('0.000000000000000001');
    expect(displayAmount('999', 'ru')).toBe('999');
  });
});

describe('courseLine', () => {
  const rub = { symbol: 'RUB', dp: 2 };
  const usdt = { symbol: 'USDT', dp: 2 };
  const btc = { symbol: 'BTC', dp: 6 };

  it('reads a course under 0.5 the other way round, what one received unit costs (rounded up)', () => {
    expect(courseLine('0.0105', rub, usdt, 'en')).toEqual({ give: '95.24 RUB', get: '1 USDT' });
  });

  it('reads a large course as one unit sent', () => {
    expect(courseLine('8600000', btc, rub, 'ru')).toEqual({ give: '1 BTC', get: '8\u00a0600\u00a0000,00 RUB' });
  });

  it('keeps four decimals for courses near one', () => {
    expect(courseLine('0.99', usdt, usdt, 'en')).toEqual({ give: '1 USDT', get: '0.9900 USDT' });
  });
});
