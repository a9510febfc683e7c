import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translateFieldErrors } from '../field-issues.ts';
import { directionCreateBody, directionPatchBody, repeatsAChoice, reserveChangeBody } from './admin-directions.ts';
import { fieldErrors } from './fields.ts';

const errorsOf = (schema: z.ZodType, input: unknown, locale: 'ru' | 'en' = 'ru') => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return translateFieldErrors(fieldErrors(parsed.error), locale);
};

describe('the console’s direction and reserve contracts', () => {
  it('take the ru console’s comma decimals and grouped thousands, as plain decimal strings', () => {
    expect(
      directionPatchBody.parse({
        courseManual: '94,9',
        markupPercent: '-1,5',
        bonusPercent: '0,25',
        fromFee: '1 000',
        toFee: '0,5',
        fromMin: '1\u00A0000',
        fromMax: '1\u202F500\u202F000,00',
        toMin: '',
        toMax: null,
      }),
    ).toEqual({
      courseManual: '94.9',
      markupPercent: '-1.5',
      bonusPercent: '0.25',
      fromFee: '1000',
      toFee: '0.5',
      fromMin: '1000',
      fromMax: '1500000',
      toMin: null,
      toMax: null,
    });
    // A field left out stays left out (a partial change), not cleared.
    expect(directionPatchBody.parse({ courseManual: '1' })).toEqual({ courseManual: '1' });
    expect(reserveChangeBody.parse({ delta: '+1 000,5', reason: 'top-up' })).toEqual({
      delta: '1000.5',
      reason: 'top-up',
    });
  });

  it('say what is wrong with each value the tester typed', () => {
    expect(
      errorsOf(directionPatchBody, {
        markupPercent: '-60',
        bonusPercent: '51',
        fromFee: '-1',
        courseManual: '0',
        fromMax: '99999999999999999999',
        toMax: '1,5,0',
      }),
    ).toEqual({
      markupPercent: ['Процент должен быть от \u221250 до 50.'],
      bonusPercent: ['Процент должен быть от 0 до 50.'],
      fromFee: ['Не может быть отрицательным.'],
      courseManual: ['Должно быть больше нуля.'],
      fromMax: ['Слишком большое число: не более 18 цифр до запятой.'],
      toMax: ['Введите сумму числом, например 1\u00a0500,50.'],
    });
    expect(errorsOf(directionPatchBody, { courseManual: '1.0000000000000000001' }, 'en')).toEqual({
      courseManual: ['Ensure there are no more than 18 decimal places.'],
    });
    expect(errorsOf(reserveChangeBody, { delta: '0', reason: 'x' })).toEqual({
      delta: ['Изменение на ноль ничего не меняет: укажите, сколько прибавить или (с минусом) убавить.'],
    });
    expect(errorsOf(reserveChangeBody, { delta: '99999999999999999999999', reason: 'x' }, 'en')).toEqual({
      delta: ['The number is too large: at most 18 digits before the decimal point.'],
    });
  });

  it('take whole numbers as the console writes them, and refuse with the range (grouped) what is not one', () => {
    expect(
      directionPatchBody.parse({
        maxRateAgeMinutes: '10\u00a0080',
        paymentWindowMinutes: '1,440',
        position: '+1 000',
        fromRound: '2',
      }),
    ).toEqual({ maxRateAgeMinutes: 10_080, paymentWindowMinutes: 1440, position: 1000, fromRound: 2 });
    expect(directionPatchBody.parse({ maxRateAgeMinutes: '', paymentWindowMinutes: '' })).toEqual({
      maxRateAgeMinutes: null,
      paymentWindowMinutes: null,
    });
    expect(
      errorsOf(directionPatchBody, { maxRateAgeMinutes: '1,5', paymentWindowMinutes: 'abc', position: '10.5' }, 'en'),
    ).toEqual({
      maxRateAgeMinutes: ['A valid integer of at least 1 is required.'],
      paymentWindowMinutes: ['Enter a whole number from 1 to 1,440.'],
      position: ['Enter a whole number from 0 to 100,000.'],
    });
    expect(errorsOf(directionPatchBody, { maxRateAgeMinutes: '10 081', position: '-1' })).toEqual({
      maxRateAgeMinutes: ['Не больше 10\u00a0080.'],
      position: ['Введите целое число от 0 до 100\u00a0000.'],
    });
  });

  it('the limits’ order and the mode’s course are refused with the other fields, not in a second round', () => {
    expect(
      errorsOf(
        directionPatchBody,
        { fromMin: '100 000', fromMax: '10', toMin: '5', toMax: '6', markupPercent: 'abc', paymentWindowMinutes: '0' },
        'en',
      ),
    ).toEqual({
      markupPercent: ['Enter a number, e.g. 2.5.'],
      paymentWindowMinutes: ['Enter a whole number from 1 to 1,440.'],
      fromMin: ['The minimum is above the maximum.'],
    });
    expect(errorsOf(directionPatchBody, { courseMode: 'manual', courseManual: null, position: '-1' })).toEqual({
      position: ['Введите целое число от 0 до 100\u00a0000.'],
      courseManual: ['Укажите курс или источник курса для выбранного режима.'],
    });
    // A limit that is itself refused says so, not that it is above the other one.
    expect(errorsOf(directionPatchBody, { toMin: '1,5,0', toMax: '1' }, 'en')).toEqual({
      toMin: [expect.not.stringContaining('maximum')],
    });
    expect(
      errorsOf(directionCreateBody, {
        fromCurrencyId: 1,
        toCurrencyId: 1,
        courseMode: 'source',
        rateSource: '',
        toMin: '5',
        toMax: '1',
        bonusPercent: '99',
      }),
    ).toEqual({
      bonusPercent: ['Процент должен быть от 0 до 50.'],
      toMin: ['Минимум больше максимума.'],
      rateSource: ['Укажите курс или источник курса для выбранного режима.'],
      toCurrencyId: ['Выберите разные валюты для отправки и получения.'],
    });
  });

  it('a new direction without a currency asks to choose one', () => {
    expect(errorsOf(directionCreateBody, { fromCurrencyId: null, courseMode: 'manual', courseManual: '1' })).toEqual({
      fromCurrencyId: ['Выберите валюту.'],
      toCurrencyId: ['Выберите валюту.'],
    });
    // An id that is not a whole number (1.5) hides none of the rules across fields (zod 4's `.int()` aborted them).
    expect(
      errorsOf(directionCreateBody, { fromCurrencyId: 'x', toCurrencyId: 1.5, courseMode: 'manual' }, 'en'),
    ).toEqual({
      fromCurrencyId: ['Not a valid choice.'],
      toCurrencyId: ['Not a valid choice.'],
      courseManual: ['Set the manual rate, or the rate source, for the chosen mode.'],
    });
    // Past the id column (integer) is no choice either.
    expect(
      errorsOf(directionCreateBody, {
        fromCurrencyId: 2 ** 31,
        toCurrencyId: 1,
        courseMode: 'manual',
        courseManual: '1',
      }),
    ).toEqual({ fromCurrencyId: ['Недопустимое значение.'] });
    // A new direction is the whole body: a course left out for the mode is missing, said with the rest.
    expect(errorsOf(directionCreateBody, { fromCurrencyId: 'x', toCurrencyId: 2, courseMode: 'source' }, 'en')).toEqual(
      {
        fromCurrencyId: ['Not a valid choice.'],
        rateSource: ['Set the manual rate, or the rate source, for the chosen mode.'],
      },
    );
    // An edit leaves out what stays.
    expect(errorsOf(directionPatchBody, { courseMode: 'source', position: -1 })).toEqual({
      position: ['Введите целое число от 0 до 100\u00a0000.'],
    });
  });

  it('a choice repeated without bound is told apart from the formats an exchange writes', () => {
    const slow = [
      '(a|a)*',
      '(a|ab)*c',
      '(\\w|\\d)+',
      '(.|\\s)*x',
      '((a|a)c)*',
      '(?:a|b){1,}',
      '(?<n>a|b){11}',
      '(x(y|z))+?',
    ];
    const fine = [
      '41001\\d{7,11}',
      "[\\p{L} .'-]{3,80}",
      '(?:RU|KZ)\\d{10}',
      '(a|b){1,10}',
      '(a|b)?',
      '[(|)]+',
      '\\(a|b\\)+',
      '\\p{L}{2,}|x',
      '(ab)+',
      '[^@\\s]+@[^@\\s]+\\.[^@\\s]+',
      '\\u{1F600}+',
    ];
    expect(slow.filter((p) => !repeatsAChoice(p))).toEqual([]);
    expect(fine.filter((p) => repeatsAChoice(p))).toEqual([]);
  });
});
