import { describe, expect, it } from 'vitest';
import { maxRequisitesLength } from '../../../shared/schemas/referral.ts';
import { checkWithdrawal, maxRequisites, normaliseAmount } from './withdrawal-check.ts';

const limits = { balance: '25.50', minWithdrawal: '10.00' };
const amount = (value: string, locale: 'ru' | 'en' = 'en') =>
  checkWithdrawal({ amount: value, requisites: 'TXYZ' }, limits, locale).amount;

describe('checkWithdrawal', () => {
  it('passes an amount between the minimum and the balance, both ends included', () => {
    expect(checkWithdrawal({ amount: '10', requisites: 'TXYZ' }, limits, 'en')).toEqual({});
    expect(amount('25.50')).toBeUndefined();
    expect(amount('12,5')).toBeUndefined();
  });

  it('refuses what the server refuses, with the server’s messages', () => {
    expect(amount('')).toEqual(['This field is required.']);
    expect(amount('ten')).toEqual(['Enter the amount as a number, e.g. 1500.50.']);
    expect(amount('-5')).toEqual(['Enter the amount as a number, e.g. 1500.50.']);
    expect(amount('10.001')).toEqual(['Ensure there are no more than 2 decimal places.']);
    expect(amount('9.99')).toEqual(['The minimum amount is 10.00.']);
    expect(amount('25.51')).toEqual(['The amount is more than the available balance (25.50).']);
    expect(amount('25.51', 'ru')).toEqual(['Сумма больше доступного баланса (25.50).']);
  });

  it('requires payout details within the API’s length', () => {
    expect(checkWithdrawal({ amount: '10', requisites: '   ' }, limits, 'en').requisites).toEqual([
      'This field is required.',
    ]);
    expect(checkWithdrawal({ amount: '10', requisites: 'x'.repeat(257) }, limits, 'en').requisites).toEqual([
      'Ensure this field has no more than 256 characters.',
    ]);
    expect(maxRequisites).toBe(maxRequisitesLength);
  });

  it('reads a typed amount as the API’s decimal string', () => {
    expect(normaliseAmount(' 1 000,50 ')).toBe('1000.50');
  });
});
