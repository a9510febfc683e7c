import { describe, expect, it } from 'vitest';
import { translateIssue } from '../../../shared/field-issues.ts';
import { formatAmount, formatMoney } from '../../../shared/format.ts';
import { maxRequisitesLength, withdrawalCreateSchema } from '../../../shared/schemas/referral.ts';
import { checkWithdrawal, maxRequisites } from './withdrawal-check.ts';

const limits = { balance: '25.50', minWithdrawal: '10.00' };
const wallet = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const amount = (value: string, locale: 'ru' | 'en' = 'en') =>
  checkWithdrawal({ amount: value, requisites: wallet }, limits, 'USDT', locale).amount;

describe('checkWithdrawal', () => {
  it('passes an amount between the minimum and the balance, both ends included', () => {
    expect(checkWithdrawal({ amount: '10', requisites: wallet }, limits, 'USDT', 'en')).toEqual({});
    expect(amount('25.50')).toBeUndefined();
    expect(amount('12,5', 'ru')).toBeUndefined();
  });

  it('refuses what the server refuses, with the server’s messages', () => {
    expect(amount('')).toEqual(['This field is required.']);
    expect(amount('ten')).toEqual(['Enter the amount as a number, e.g. 1,500.50.']);
    expect(amount('-5')).toEqual(['Enter the amount as a number, e.g. 1,500.50.']);
    expect(amount('10.001')).toEqual(['Ensure there are no more than 2 decimal places.']);
    expect(amount('1234567890123456789')).toEqual([
      'The number is too large: at most 18 digits before the decimal point.',
    ]);
    expect(amount('9.99')).toEqual(['The minimum amount is 10.00\u00a0USDT.']);
    expect(amount('25.51')).toEqual(['The amount is more than the available balance (25.50\u00a0USDT).']);
    // ru writes money as every page does: decimal comma, grouped, the balance's currency.
    expect(amount('25.51', 'ru')).toEqual(['Сумма больше доступного баланса (25,50\u00a0USDT).']);
    expect(amount('9', 'ru')).toEqual(['Минимальная сумма: 10,00\u00a0USDT.']);
    expect(
      checkWithdrawal({ amount: '5000000', requisites: wallet }, { balance: '4500', minWithdrawal: '10' }, 'USDT', 'ru')
        .amount,
    ).toEqual([`Сумма больше доступного баланса (${formatMoney('4500', { symbol: 'USDT', decimals: 2 }, 'ru')}).`]);
  });

  it('requires payout details within the API’s length', () => {
    expect(checkWithdrawal({ amount: '10', requisites: '   ' }, limits, 'USDT', 'en').requisites).toEqual([
      'This field is required.',
    ]);
    expect(checkWithdrawal({ amount: '10', requisites: 'x'.repeat(257) }, limits, 'USDT', 'en').requisites).toEqual([
      'Ensure this field has no more than 256 characters.',
    ]);
    expect(maxRequisites).toBe(maxRequisitesLength);
  });

  it('takes a TRC20 address only, with the API’s messages (the schema runs the same check)', () => {
    const details = (value: string, locale: 'ru' | 'en' = 'en') =>
      checkWithdrawal({ amount: '10', requisites: value }, limits, 'USDT', locale).requisites;
    expect(details(` ${wallet} `)).toBeUndefined();
    expect(details('TXYZ', 'ru')).toEqual(['Введите правильный адрес в сети TRC20.']);
    expect(details('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8')).toEqual([
      'The TRC20 address checksum does not match: the address has a typo. Copy it from your wallet again.',
    ]);
    const issue = withdrawalCreateSchema.safeParse({ amount: '10', requisites: 'TXYZ' }).error?.issues[0]?.message;
    expect(details('TXYZ')).toEqual([translateIssue(issue!, 'en')]);
  });

  it('reads the amount as the page’s language writes numbers, as the calculator does', () => {
    const wide = { balance: '5000000', minWithdrawal: '10.00' };
    const check = (value: string, locale: 'ru' | 'en') =>
      checkWithdrawal({ amount: value, requisites: wallet }, wide, 'USDT', locale).amount;
    // ru: spaces group, a comma (or a point) is the decimal mark.
    for (const typed of [' 1 500,50 ', '1\u00a0500,50', '1500.50', '1 500,5'])
      expect(check(typed, 'ru'), typed).toBeUndefined();
    // en: a comma groups thousands where it stands; "1,500" is 1500, not 1.5 (which the minimum would refuse).
    for (const typed of ['1,500', '1,500.50', '1,500,000', '1 500.50'])
      expect(check(typed, 'en'), typed).toBeUndefined();
    // The same text in ru is a decimal comma: 1.500, one decimal too many.
    expect(check('1,500', 'ru')).toEqual(['Не более 2 знаков после запятой.']);
    expect(checkWithdrawal({ amount: '1,500', requisites: wallet }, limits, 'USDT', 'en').amount).toEqual([
      'The amount is more than the available balance (25.50\u00a0USDT).',
    ]);
    // en: any other comma is refused with a hint, never read as a point (1.5) or as nothing (15).
    for (const typed of ['1,5', '15,00', '0,005', '1,500,5', '12,50'])
      expect(check(typed, 'en'), typed).toEqual([
        'A comma only groups thousands (1,500.50); write decimals after a point (1.5).',
      ]);
    expect(translateIssue('field_amount_comma', 'ru')).toBe(
      'Дробную часть отделяйте запятой (1,5), разряды — пробелом (1 500).',
    );
    // A complete number: what the calculator takes while one types ("1,500.") is not one yet.
    expect(check('1,500.', 'en')).toEqual(['Enter the amount as a number, e.g. 1,500.50.']);
  });

  it('gives an example amount written as the page writes money, one the field takes as it is', () => {
    const wide = { balance: '5000000', minWithdrawal: '10.00' };
    for (const locale of ['ru', 'en'] as const) {
      const [message] = checkWithdrawal({ amount: 'ten', requisites: wallet }, wide, 'USDT', locale).amount!;
      const example = formatAmount('1500.50', { decimals: 2 }, locale);
      expect(message).toContain(` ${example}.`);
      expect(checkWithdrawal({ amount: example, requisites: wallet }, wide, 'USDT', locale).amount).toBeUndefined();
    }
  });
});
