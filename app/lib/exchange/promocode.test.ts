import { describe, expect, it } from 'vitest';
import { receiveFor } from '../../../shared/exchange/calculator.ts';
import { parseDrfErrors } from '../api.ts';
import { readPromocode, refusalOf, withPromocode } from './promocode.ts';

const pair = {
  course: '0.0105',
  from: { min: '1000', max: '500000', roundCalculator: 2 },
  to: { min: null, max: null, roundCalculator: 2 },
};
const failed = (status: number, body: unknown) => ({ ok: false as const, status, errors: parseDrfErrors(body) });

describe('withPromocode', () => {
  it('prices with the quoted course only for the very settings it was quoted for', () => {
    const applied = { promocode: 'WELCOME', discount: '0.5', course: '0.0105525', basis: pair };
    const priced = withPromocode(pair, applied);
    expect(priced.course).toBe('0.0105525');
    expect(receiveFor(priced, '1500')).toBe('15.82');
    expect(receiveFor(pair, '1500')).toBe('15.75');
    // Settings loaded again (even with the same figures) wait for their own quote.
    const reloaded = { ...pair };
    expect(withPromocode(reloaded, applied)).toBe(reloaded);
    expect(withPromocode(pair, null)).toBe(pair);
  });
});

describe('readPromocode', () => {
  it('trims the code and refuses an empty or overlong one with the catalogue’s messages', () => {
    expect(readPromocode('  welcome ', 'en')).toEqual({ code: 'welcome' });
    expect(readPromocode('   ', 'en')).toEqual({ error: 'This field is required.' });
    expect(readPromocode('X'.repeat(65), 'ru')).toEqual({ error: 'Не более 64 символов.' });
  });
});

describe('refusalOf', () => {
  it('reads why the server did not apply a code, field messages first', () => {
    expect(refusalOf(failed(400, { promocode: ['There is no such promocode.'] }))).toEqual([
      'There is no such promocode.',
    ]);
    expect(refusalOf(failed(400, { toPs: ['This direction is not available.'] }))).toEqual([
      'This direction is not available.',
    ]);
    expect(refusalOf(failed(429, { detail: 'Too many requests.' }))).toEqual(['Too many requests.']);
  });

  it('says nothing for an answer without messages, a lost connection or a success', () => {
    expect(refusalOf(failed(502, null))).toBeNull();
    expect(refusalOf({ ...failed(0, null), network: true })).toBeNull();
    expect(refusalOf({ ok: true, status: 200, data: {} })).toBeNull();
  });
});
