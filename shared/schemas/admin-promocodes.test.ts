import { describe, expect, it } from 'vitest';
import { translateFieldErrors } from '../field-issues.ts';
import { promocodeBody, validityDay } from './admin-promocodes.ts';
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
  const parsed = promocodeBody('Europe/Moscow').safeParse({ ...base, discountPercent });
  if (parsed.success) throw new Error('expected a refusal');
  return translateFieldErrors(fieldErrors(parsed.error), locale).discountPercent;
};

describe('a promocode’s discount', () => {
  it('takes a comma decimal', () => {
    expect(promocodeBody('Europe/Moscow').parse({ ...base, discountPercent: '1,5' }).discountPercent).toBe('1.5');
    expect(promocodeBody('Europe/Moscow').parse({ ...base, discountPercent: ' 50 ' }).discountPercent).toBe('50');
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
    const parsed = promocodeBody('Europe/Moscow').safeParse({ ...base, discountPercent: '5', maxUses });
    if (parsed.success) throw new Error('expected a refusal');
    return translateFieldErrors(fieldErrors(parsed.error), locale).maxUses;
  };

  it('takes the text a form sends, grouped as the console writes numbers; empty is unlimited', () => {
    const uses = (maxUses: unknown, perCustomer: unknown = null) =>
      promocodeBody('Europe/Moscow').parse({ ...base, discountPercent: '5', maxUses, perCustomer });
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
    const parsed = promocodeBody('Europe/Moscow').safeParse({ ...base, discountPercent: '5', validTo });
    return parsed.success ? parsed.data.validTo : translateFieldErrors(fieldErrors(parsed.error), 'ru').validTo;
  };

  it('refuses a date written the Russian way instead of reading 01.02.2027 as 2 January', () => {
    for (const typed of ['01.02.2027', '1/2/2027', 'Feb 1 2027', '2027-02-01 00:00'])
      expect(dateErrors(typed), typed).toEqual(['Введите дату в формате ГГГГ-ММ-ДД.']);
    // Through 1 February on the exchange's clock (Moscow): until midnight into the 2nd there.
    expect(dateErrors('2027-02-01')).toEqual(new Date('2027-02-01T21:00:00.000Z'));
    expect(dateErrors('2027-02-01T12:30:00+03:00')).toEqual(new Date('2027-02-01T09:30:00.000Z'));
  });

  it('a day is the exchange’s: "from" its first moment, "to" through its last, and the form shows the days back', () => {
    const body = (timeZone: string, validFrom: string, validTo: string) =>
      promocodeBody(timeZone).parse({ ...base, discountPercent: '5', validFrom, validTo });
    const moscow = body('Europe/Moscow', '2027-06-01', '2027-06-30');
    expect(moscow.validFrom).toEqual(new Date('2027-05-31T21:00:00.000Z'));
    expect(moscow.validTo).toEqual(new Date('2027-06-30T21:00:00.000Z'));
    expect(validityDay(moscow.validFrom!.toISOString(), 'Europe/Moscow', 'from')).toBe('2027-06-01');
    expect(validityDay(moscow.validTo!.toISOString(), 'Europe/Moscow', 'to')).toBe('2027-06-30');
    // A zone behind UTC, across its clocks going back on 7 November 2027: still the day's own midnights.
    const york = body('America/New_York', '2027-11-07', '2027-11-07');
    expect(york.validFrom).toEqual(new Date('2027-11-07T04:00:00.000Z'));
    expect(york.validTo).toEqual(new Date('2027-11-08T05:00:00.000Z'));
    expect(validityDay(york.validTo!.toISOString(), 'America/New_York', 'to')).toBe('2027-11-07');
    // A time without an offset is the exchange's wall clock, not the server process's zone.
    expect(body('Europe/Moscow', '2027-06-01T10:00', '2027-06-01T18:00').validTo).toEqual(
      new Date('2027-06-01T15:00:00.000Z'),
    );
  });

  it('one day is a valid period; an end before the start, or equal to it, is not', () => {
    const errors = (validFrom: string, validTo: string) => {
      const parsed = promocodeBody('Europe/Moscow').safeParse({ ...base, discountPercent: '5', validFrom, validTo });
      return parsed.success ? null : translateFieldErrors(fieldErrors(parsed.error), 'en').validTo;
    };
    expect(errors('2027-06-30', '2027-06-30')).toBeNull();
    expect(errors('2027-06-30', '2027-06-29')).toEqual(['The end date is before the start date.']);
    expect(errors('2027-06-30T12:00Z', '2027-06-30T12:00Z')).toEqual(['The end date is before the start date.']);
  });

  it('the last day of 9999 ends in the year 10000 behind UTC: out of range, not stored', () => {
    const parsed = promocodeBody('America/New_York').safeParse({
      ...base,
      discountPercent: '5',
      validTo: '9999-12-31',
    });
    expect(parsed.success ? null : translateFieldErrors(fieldErrors(parsed.error), 'en').validTo).toEqual([
      'The year must be from 1 to 9999.',
    ]);
  });
});

describe('a promocode’s code', () => {
  const codeErrors = (code: unknown, locale: 'ru' | 'en' = 'ru') => {
    const parsed = promocodeBody('Europe/Moscow').safeParse({ ...base, discountPercent: '5', code });
    if (parsed.success) throw new Error('expected a refusal');
    return translateFieldErrors(fieldErrors(parsed.error), locale).code;
  };

  it('an emptied field is required, not of the wrong format; a wrong one names an example', () => {
    expect(codeErrors('')).toEqual(['Обязательное поле.']);
    expect(codeErrors('   ', 'en')).toEqual([expect.stringMatching(/required/i)]);
    expect(codeErrors('a!')).toEqual([expect.stringContaining('SPRING-25')]);
    expect(codeErrors('X'.repeat(300))).toEqual(['Не более 32 символов.']);
    expect(promocodeBody('Europe/Moscow').parse({ ...base, discountPercent: '5', code: ' spring-26 ' }).code).toBe(
      'SPRING-26',
    );
  });
});
