import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translateFieldErrors, translateIssue } from '../field-issues.ts';
import { formatAmount, formatDecimal } from '../format.ts';
import {
  ambiguousDecimal,
  asciiEmail,
  isEmail,
  consoleDecimal,
  decimalsIssue,
  fieldErrors,
  maxInteger,
  nullableConsoleDecimal,
  nullableWholeNumber,
  placesOf,
  readDecimal,
  readWholeNumber,
  wholeNumberIssue,
} from './fields.ts';

describe('readDecimal: what an operator types as a plain decimal string', () => {
  // The console writes a negative with the minus sign (shared/format.ts): a value it shows in a field reads back.
  it.each([
    ['-1500.5', 'ru'],
    ['-1500.5', 'en'],
    ['-0.25', 'ru'],
  ] as const)('%j as the %s console writes it reads back', (value, locale) => {
    const written = formatDecimal(value, locale);
    expect(written.startsWith('\u2212')).toBe(true);
    expect(readDecimal(written)).toBe(value);
  });

  it.each([
    ['1500.5', '1500.5'],
    ['1,5', '1.5'],
    ['1 000', '1000'],
    ['1 000,5', '1000.5'],
    ['10\u00A0000,00', '10000'],
    ['10\u202F000,50', '10000.5'],
    ['  2,50 ', '2.5'],
    ['+1', '1'],
    ['-0,5', '-0.5'],
    ['\u22120,5', '-0.5'],
    ['-0', '0'],
    [',5', '0.5'],
    ['0.123456789012345678901', '0.123456789012345678901'],
    ['0,005', '0.005'],
    ['1,5000', '1.5'],
    // English grouping where no decimal could be meant: what the en console writes, read back.
    ['1,500.50', '1500.5'],
    ['1,500,000', '1500000'],
    ['+1,500.00', '1500'],
    // A trailing point is taken as after any number ("1500." is 1500), grouped or not.
    ['1,500.', '1500'],
  ])('%j reads as %j', (typed, plain) => {
    expect(readDecimal(typed)).toBe(plain);
  });

  it('asks again for a comma that reads either way (1.5 in ru, 1500 in en), never guessing a thousandfold', () => {
    for (const typed of ['1,500', '12,345', '999,000', '-1,500'])
      expect(readDecimal(typed), typed).toBe(ambiguousDecimal);
    expect(translateIssue('field_amount_ambiguous', 'en')).toBe(
      'Thousands or a fraction? Write 1500 or 1.5 (no comma between thousands).',
    );
  });

  it.each([
    ['1,5,0'],
    ['1,00.5'],
    ['1.000.5'],
    ['0,500.5'],
    ['1,500,00'],
    ['abc'],
    ['1e5'],
    ['12a'],
    [''],
    ['-'],
    ['+-1'],
    ['1\n000'],
    ['0x10'],
  ])('%j is not one number', (typed) => {
    expect(readDecimal(typed)).toBeNull();
  });

  it('reads back what the console writes (ru groups with a narrow no-break space and a comma)', () => {
    const written = formatAmount('1234567.25', { decimals: 2 }, 'ru');
    expect(written).toMatch(/^1\s234\s567,25$/u);
    expect(readDecimal(written)).toBe('1234567.25');
    expect(readDecimal(formatAmount('10000', { decimals: 2 }, 'ru'))).toBe('10000');
  });

  it('words a currency’s places, a whole number where it has none', () => {
    expect(translateIssue(decimalsIssue(8), 'ru')).toBe('Не более 8 знаков после запятой.');
    expect(translateIssue(decimalsIssue(0), 'en')).toBe('A whole number only: this currency has no decimal places.');
  });

  it('counts the places a value needs, not its trailing zeros', () => {
    expect(placesOf('1.50')).toBe(1);
    expect(placesOf('1000')).toBe(0);
    expect(placesOf('0.000000001')).toBe(9);
  });
});

describe('consoleDecimal: one message per problem, in both languages', () => {
  const schema = z.object({
    course: nullableConsoleDecimal({ positive: true }),
    fee: consoleDecimal({ max: '1000' }),
    markup: consoleDecimal({ signed: true, percent: true, min: '-50', max: '50' }),
    discount: consoleDecimal({ percent: true, above: true, min: '0', max: '50' }),
    delta: consoleDecimal({ signed: true, nonZero: true }),
    terms: consoleDecimal({ dp: 2 }),
  });
  const good = { course: '1', fee: '0', markup: '0', discount: '1', delta: '1', terms: '1' };
  const errors = (input: Record<string, unknown>, locale: 'ru' | 'en' = 'ru') => {
    const parsed = schema.safeParse({ ...good, ...input });
    if (parsed.success) throw new Error('expected a refusal');
    return translateFieldErrors(fieldErrors(parsed.error), locale);
  };

  it('gives the plain value of every accepted form', () => {
    expect(
      schema.parse({
        course: '94,9',
        fee: '1 000',
        markup: '-2,5',
        discount: '1,5',
        delta: '+1',
        terms: '10\u00A0000,00',
      }),
    ).toEqual({ course: '94.9', fee: '1000', markup: '-2.5', discount: '1.5', delta: '1', terms: '10000' });
    expect(schema.parse({ ...good, course: '' }).course).toBeNull();
    expect(schema.parse({ ...good, course: null }).course).toBeNull();
  });

  it('names the real problem', () => {
    expect(errors({ course: '0', fee: '-1', markup: '-60', discount: '-5', delta: '0', terms: '1,5555' })).toEqual({
      course: ['Должно быть больше нуля.'],
      fee: ['Не может быть отрицательным.'],
      markup: ['Процент должен быть от \u221250 до 50.'],
      discount: ['Процент должен быть больше 0 и не больше 50.'],
      delta: ['Изменение на ноль ничего не меняет: укажите, сколько прибавить или (с минусом) убавить.'],
      terms: ['Не более 2 знаков после запятой.'],
    });
    expect(errors({ course: '-3', fee: '1001', markup: '51', discount: '0' }, 'en')).toEqual({
      course: ['Must be greater than zero.'],
      fee: ['The maximum amount is 1,000.'],
      markup: ['The percentage must be from \u221250 to 50.'],
      discount: ['The percentage must be above 0 and at most 50.'],
    });
  });

  it('refuses more than 18 digits before the point or 18 places after it, never rounding', () => {
    expect(errors({ course: '99999999999999999999', delta: '99999999999999999999999' })).toEqual({
      course: ['Слишком большое число: не более 18 цифр до запятой.'],
      delta: ['Слишком большое число: не более 18 цифр до запятой.'],
    });
    expect(errors({ course: '0,1234567890123456789' }, 'en')).toEqual({
      course: ['Ensure there are no more than 18 decimal places.'],
    });
    expect(schema.parse({ ...good, course: '999 999 999 999 999 999,000000000000000001' }).course).toBe(
      '999999999999999999.000000000000000001',
    );
  });

  it('refuses what stays ambiguous or is not a number, as a number for percents and as an amount otherwise', () => {
    expect(errors({ fee: '1,000', markup: 'abc', delta: '1,5,0', course: 15 })).toEqual({
      course: ['Введите сумму числом, например 1\u00a0500,50.'],
      fee: ['Непонятно, тысячи это или дробь: напишите 1500 или 1,5 (без запятой между разрядами).'],
      markup: ['Введите число, например 2,5.'],
      delta: ['Введите сумму числом, например 1\u00a0500,50.'],
    });
  });
});

describe('wholeNumberIssue: a whole number from 1 to a maximum', () => {
  const schema = z.object({ uses: nullableWholeNumber(1_000_000) });
  const errors = (uses: unknown, locale: 'ru' | 'en' = 'ru') => {
    const parsed = schema.safeParse({ uses });
    if (parsed.success) throw new Error('expected a refusal');
    return translateFieldErrors(fieldErrors(parsed.error), locale).uses;
  };

  it('tells a value past the maximum the maximum, written as the site writes numbers', () => {
    expect(errors(1_000_001)).toEqual(['Не больше 1\u00a0000\u00a0000.']);
    expect(errors(12_345_678_901, 'en')).toEqual(['At most 1,000,000.']);
    expect(errors(Infinity, 'en')).toEqual(['At most 1,000,000.']);
    expect(translateIssue(wholeNumberIssue(1e20, maxInteger)!, 'ru')).toBe('Не больше 2\u00a0147\u00a0483\u00a0647.');
  });

  it('asks for a whole number of at least 1 for anything else, and takes 1 to the maximum or nothing', () => {
    for (const bad of [0, -1, 1.5, '0', '1,5', 'abc', '10.5', NaN, true, [1]]) {
      expect(errors(bad, 'en'), String(bad)).toEqual(['A valid integer of at least 1 is required.']);
    }
    expect(errors('1,5')).toEqual(['Введите целое число не меньше 1.']);
    expect(errors('1 000 001', 'en')).toEqual(['At most 1,000,000.']);
    expect(schema.parse({ uses: 1 }).uses).toBe(1);
    expect(schema.parse({ uses: 1_000_000 }).uses).toBe(1_000_000);
    expect(schema.parse({ uses: null }).uses).toBeNull();
    expect(schema.parse({ uses: '' }).uses).toBeNull();
    expect(schema.parse({ uses: '  ' }).uses).toBeNull();
  });

  it('takes a form’s text as the console writes numbers', () => {
    for (const [typed, uses] of [
      ['5', 5],
      ['1 000', 1000],
      ['1\u00a0000\u00a0000', 1_000_000],
      ['1,000', 1000],
      ['+10', 10],
    ] as const) {
      expect(schema.parse({ uses: typed }).uses, typed).toBe(uses);
    }
  });
});

describe('readWholeNumber: what an operator types as a whole number', () => {
  it.each([
    ['10080', 10080],
    [' 10 080 ', 10080],
    ['10\u00a0080', 10080],
    ['10\u202f080', 10080],
    ['10,080', 10080],
    ['1,000,000', 1_000_000],
    ['+5', 5],
    ['-5', -5],
    ['\u22125', -5],
    ['007', 7],
    ['99999999999999999999', 1e20],
  ])('reads %j as %d', (typed, n) => expect(readWholeNumber(typed)).toBe(n));

  it('reads back what the console writes for a stored number, in both languages', () => {
    for (const n of [1, 999, 1000, 10_080, 1_000_000, maxInteger]) {
      expect(readWholeNumber(formatAmount(n, { decimals: 0 }, 'ru'))).toBe(n);
      expect(readWholeNumber(formatAmount(n, { decimals: 0 }, 'en'))).toBe(n);
    }
  });

  it.each(['', ' ', 'abc', '1,5', '1,00', '10.5', '10.0', '1.000', '1,0000', ',100', '1e3', '12a', '1 000 руб', '--1'])(
    'is not a whole number: %j',
    (typed) => expect(readWholeNumber(typed)).toBeNull(),
  );

  it('takes a JSON number as it is and nothing else', () => {
    expect(readWholeNumber(42)).toBe(42);
    expect(readWholeNumber(1.5)).toBe(1.5);
    expect(readWholeNumber(null)).toBeNull();
    expect(readWholeNumber(true)).toBeNull();
    expect(readWholeNumber('1'.repeat(201))).toBeNull();
  });
});

describe('e-mail addresses', () => {
  it('takes what zod took, and the punycode top-level domains it refused (.рф is xn--p1ai)', () => {
    for (const ok of ['a@b.co', "o'neil+tag@mail.example.com", 'info@xn--e1afmkfd.xn--p1ai', 'info@пример.рф'])
      expect(isEmail(ok), ok).toBe(true);
    for (const bad of ['a@b', 'a@b.c', 'a@b.xn--', 'a@-b.com', 'a b@c.com', '@b.com', 'a@b.c0m', 'a@пример.рф/x'])
      expect(isEmail(bad), bad).toBe(false);
  });

  it('writes a domain typed in its own script in ASCII, and leaves every other address as it is', () => {
    expect(asciiEmail('Olga@Пример.РФ')).toBe('Olga@xn--e1afmkfd.xn--p1ai');
    expect(asciiEmail('müller@bücher.de')).toBe('müller@xn--bcher-kva.de');
    expect(asciiEmail('a@b.com')).toBe('a@b.com');
    expect(asciiEmail('no-at-sign')).toBe('no-at-sign');
    expect(asciiEmail('x@пример.рф/evil')).toBe('x@пример.рф/evil');
  });
});
