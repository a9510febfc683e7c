import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translateFieldErrors, translateIssue } from '../../../shared/field-issues.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import { checkDraft, emailIssue, emailPattern, requisiteIssueOf, type ClaimDraft } from './draft-check.ts';

const input = (name: string, kind: PairSettings['structure']['to']['inputs'][number]['kind'], example: string) => ({
  name,
  label: name,
  visible: true,
  required: true,
  kind,
  pattern: null,
  example,
});

// RUB card to USDT TRC20, 2000 USDT left in reserve.
const pair: PairSettings = {
  fromCurrencyId: 1,
  toCurrencyId: 2,
  course: '0.0105',
  bonus: '0.5',
  paymentWindowMinutes: 30,
  from: { min: '1000', max: '500000', roundCalculator: 2, notify: '' },
  to: { min: null, max: null, roundCalculator: 2, notify: '', reserve: '2000' },
  structure: {
    from: { currency: 'SBERRUB', network: null, inputs: [input('card', 'card', '2202 2012 3456 7895')] },
    to: { currency: 'USDTTRC20', network: 'TRC20', inputs: [input('address', 'address', 'T…')] },
  },
  breakdown: {
    rate: '0.0105',
    source: 'manual',
    updatedAt: '2026-11-22T08:00:00.000Z',
    markupPercent: '0',
    bonusPercent: '0',
    fees: { from: '0', to: '0' },
  },
};

const good: ClaimDraft = {
  fromSumma: '1500.00',
  toSumma: '15.75',
  fromRequisites: { card: '2202 2012 3456 7895' },
  toRequisites: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
  email: 'ann@example.com',
};

describe('the claim form’s check', () => {
  it('passes a good draft', () => {
    expect(checkDraft(pair, good)).toEqual({});
  });

  it('checks the pair through the server’s claim check, its reserve included', () => {
    expect(checkDraft(pair, { ...good, fromSumma: '999.99', toSumma: '10.49' })).toEqual({
      fromSumma: ['field_amount_min?min=1000.00&decimals=2'],
    });
    expect(checkDraft(pair, { ...good, fromSumma: '200000', toSumma: '2100' })).toEqual({
      toSumma: ['field_reserve_exceeded?max=2000.00&decimals=2'],
    });
  });

  it('requires the amount and a valid e-mail, and still checks the requisites', () => {
    const errors = checkDraft(pair, { ...good, fromSumma: '', toSumma: '', email: 'nope', toRequisites: {} });
    expect(translateFieldErrors(errors, 'en')).toEqual({
      fromSumma: ['This field is required.'],
      'toRequisites.address': ['This field is required.'],
      email: ['Enter a valid email address.'],
    });
  });

  it('reads the e-mail as the claim route does', () => {
    expect(translateIssue(emailIssue('')!, 'ru')).toBe('Обязательное поле.');
    expect(emailIssue(` ${'a'.repeat(250)}@x.io `)).toBe('field_too_long?max=254');
    expect(emailIssue('Ann.Lee+x@Example.co')).toBeNull();
    // The same pattern; zod escapes a hyphen that needs no escape at the end of a class.
    expect(emailPattern.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
  });

  it('checks one requisite by its input’s kind, and knows nothing of names outside the structure', () => {
    expect(translateIssue(requisiteIssueOf(pair, 'from', 'card', '4111 1111 1111 1112')!, 'en')).toBe(
      'The card number has a typo: its check digit does not match. Check every digit.',
    );
    expect(requisiteIssueOf(pair, 'to', 'address', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBeNull();
    expect(requisiteIssueOf(pair, 'to', 'unknown', 'x')).toBeNull();
  });
});
