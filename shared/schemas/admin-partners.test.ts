import { describe, expect, it } from 'vitest';
import { translateFieldErrors } from '../field-issues.ts';
import { referralSettingsBody } from './admin-partners.ts';
import { fieldErrors } from './fields.ts';

const errorsOf = (input: unknown, locale: 'ru' | 'en' = 'ru') => {
  const parsed = referralSettingsBody.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return translateFieldErrors(fieldErrors(parsed.error), locale);
};

describe('the referral programme’s terms', () => {
  it('take a comma decimal and grouped thousands', () => {
    expect(referralSettingsBody.parse({ percent: '2,5', minWithdrawal: '1 000,50' })).toEqual({
      percent: '2.5',
      minWithdrawal: '1000.5',
    });
  });

  it('word the percent as a percentage and the payout as an amount', () => {
    expect(errorsOf({ percent: '51', minWithdrawal: '-1' })).toEqual({
      percent: ['Процент должен быть от 0 до 50.'],
      minWithdrawal: ['Должно быть больше нуля.'],
    });
    // A minimum of 0 would offer a payout of nothing: refused under the field, in both languages.
    expect(errorsOf({ percent: '1', minWithdrawal: '0' })).toEqual({ minWithdrawal: ['Должно быть больше нуля.'] });
    expect(errorsOf({ percent: '1', minWithdrawal: '0,00' }, 'en')).toEqual({
      minWithdrawal: ['Must be greater than zero.'],
    });
    expect(referralSettingsBody.parse({ percent: '0', minWithdrawal: '0,01' }).minWithdrawal).toBe('0.01');
    expect(errorsOf({ percent: '1,23456', minWithdrawal: '100000,01' }, 'en')).toEqual({
      percent: ['Ensure there are no more than 4 decimal places.'],
      minWithdrawal: ['The maximum amount is 100,000.'],
    });
  });
});
