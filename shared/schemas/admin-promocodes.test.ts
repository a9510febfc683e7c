import { describe, expect, it } from 'vitest';
import { translateFieldErrors } from '../field-issues.ts';
import { promocodeBody } from './admin-promocodes.ts';
import { fieldErrors } from './fields.ts';

const base = {
  code: 'SPRING-26',
  validFrom: null,
  validTo: null,
  maxUses: null,
  perCustomer: null,
  assignedTo: [],
  active: true,
};
const discountErrors = (discountPercent: unknown, locale: 'ru' | 'en' = 'ru') => {
  const parsed = promocodeBody.safeParse({ ...base, discountPercent });
  if (parsed.success) throw new Error('expected a refusal');
  return translateFieldErrors(fieldErrors(parsed.error), locale).discountPercent;
};

describe('a promocode’s discount', () => {
  it('takes a comma decimal', () => {
    expect(promocodeBody.parse({ ...base, discountPercent: '1,5' }).discountPercent).toBe('1.5');
    expect(promocodeBody.parse({ ...base, discountPercent: ' 50 ' }).discountPercent).toBe('50');
  });

  it('is a percentage above 0 and at most 50, and says so', () => {
    expect(discountErrors('-5')).toEqual(['Процент должен быть больше 0 и не больше 50.']);
    expect(discountErrors('0')).toEqual(['Процент должен быть больше 0 и не больше 50.']);
    expect(discountErrors('50,01', 'en')).toEqual(['The percentage must be above 0 and at most 50.']);
    expect(discountErrors('1,5,0')).toEqual(['Введите число, например 2,5.']);
    expect(discountErrors('')).toEqual(['Обязательное поле.']);
  });
});
