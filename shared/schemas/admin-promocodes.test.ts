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

describe('a promocode’s uses', () => {
  const usesErrors = (maxUses: unknown, locale: 'ru' | 'en' = 'ru') => {
    const parsed = promocodeBody.safeParse({ ...base, discountPercent: '5', maxUses });
    if (parsed.success) throw new Error('expected a refusal');
    return translateFieldErrors(fieldErrors(parsed.error), locale).maxUses;
  };

  it('takes the text a form sends, grouped as the console writes numbers; empty is unlimited', () => {
    const uses = (maxUses: unknown, perCustomer: unknown = null) =>
      promocodeBody.parse({ ...base, discountPercent: '5', maxUses, perCustomer });
    expect(uses('1 000', '1,000')).toMatchObject({ maxUses: 1000, perCustomer: 1000 });
    expect(uses('1\u00a0000\u00a0000', '+3')).toMatchObject({ maxUses: 1_000_000, perCustomer: 3 });
    expect(uses('', null)).toMatchObject({ maxUses: null, perCustomer: null });
  });

  it('refuses what is not a whole number instead of reading it as unlimited', () => {
    expect(usesErrors('abc')).toEqual(['Введите целое число не меньше 1.']);
    expect(usesErrors('1,5', 'en')).toEqual(['A valid integer of at least 1 is required.']);
    expect(usesErrors('10.5', 'en')).toEqual(['A valid integer of at least 1 is required.']);
    expect(usesErrors('1 000 001', 'en')).toEqual(['At most 1,000,000.']);
  });
});

describe('a promocode’s dates', () => {
  const dateErrors = (validTo: unknown) => {
    const parsed = promocodeBody.safeParse({ ...base, discountPercent: '5', validTo });
    return parsed.success ? parsed.data.validTo : translateFieldErrors(fieldErrors(parsed.error), 'ru').validTo;
  };

  it('refuses a date written the Russian way instead of reading 01.02.2027 as 2 January', () => {
    for (const typed of ['01.02.2027', '1/2/2027', 'Feb 1 2027', '2027-02-01 00:00'])
      expect(dateErrors(typed), typed).toEqual(['Введите дату в формате ГГГГ-ММ-ДД.']);
    expect(dateErrors('2027-02-01')).toEqual(new Date('2027-02-01T00:00:00.000Z'));
    expect(dateErrors('2027-02-01T12:30:00+03:00')).toEqual(new Date('2027-02-01T09:30:00.000Z'));
  });
});

describe('a promocode’s code', () => {
  const codeErrors = (code: unknown, locale: 'ru' | 'en' = 'ru') => {
    const parsed = promocodeBody.safeParse({ ...base, discountPercent: '5', code });
    if (parsed.success) throw new Error('expected a refusal');
    return translateFieldErrors(fieldErrors(parsed.error), locale).code;
  };

  it('an emptied field is required, not of the wrong format; a wrong one names an example', () => {
    expect(codeErrors('')).toEqual(['Обязательное поле.']);
    expect(codeErrors('   ', 'en')).toEqual([expect.stringMatching(/required/i)]);
    expect(codeErrors('a!')).toEqual([expect.stringContaining('SPRING-25')]);
    expect(codeErrors('X'.repeat(300))).toEqual(['Не более 32 символов.']);
    expect(promocodeBody.parse({ ...base, discountPercent: '5', code: ' spring-26 ' }).code).toBe('SPRING-26');
  });
});
