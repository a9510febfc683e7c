import { describe, expect, it } from 'vitest';
import { checkClaim } from '../../../shared/exchange/claim-check.ts';
import { translateFieldErrors } from '../../../shared/field-issues.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import { receiveOf } from './amounts.ts';
import { emailError, requisiteError, validateClaim, type ClaimDraft } from './validate.ts';

const pair: PairSettings = {
  fromCurrencyId: 1,
  toCurrencyId: 2,
  course: '0.0105',
  bonus: '0.5',
  paymentWindowMinutes: 30,
  from: { min: '1000', max: '500000', roundCalculator: 2, notify: '' },
  to: { min: null, max: '3000', roundCalculator: 2, notify: '', reserve: '2000' },
  structure: {
    from: {
      currency: 'SBERRUB',
      network: null,
      inputs: [
        {
          name: 'card',
          label: 'Card',
          visible: true,
          required: true,
          kind: 'card',
          pattern: null,
          example: '2202 2012 3456 7895',
        },
      ],
    },
    to: {
      currency: 'USDTTRC20',
      network: 'TRC20',
      inputs: [
        {
          name: 'address',
          label: 'Address',
          visible: true,
          required: true,
          kind: 'address',
          pattern: null,
          example: 'T…',
        },
        {
          name: 'refund',
          label: 'Refund',
          visible: false,
          required: true,
          kind: 'address',
          pattern: null,
          example: 'T…',
        },
        {
          name: 'memo',
          label: 'Memo',
          visible: true,
          required: false,
          kind: 'text',
          pattern: '[A-Za-z0-9]{1,12}',
          example: '104523',
        },
      ],
    },
  },
};

const good: ClaimDraft = {
  fromSumma: '1500.00',
  toSumma: '15.75',
  fromRequisites: { card: '2202 2012 3456 7895' },
  toRequisites: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
  email: 'ann@example.com',
};

/** What the server's own check (shared/exchange/claim-check.ts) says about the same draft, e-mail aside. */
const server = (draft: ClaimDraft, locale: 'ru' | 'en') => translateFieldErrors(serverCodes(draft), locale);
const serverCodes = (draft: ClaimDraft) =>
  checkClaim(
    {
      ...pair,
      reserve: pair.to.reserve,
      structure: {
        from: {
          network: null,
          inputs: pair.structure.from.inputs.map((i) => ({ ...i, label: { ru: i.label, en: i.label } })),
        },
        to: {
          network: 'TRC20',
          inputs: pair.structure.to.inputs.map((i) => ({ ...i, label: { ru: i.label, en: i.label } })),
        },
      },
    },
    { ...draft, toSumma: receiveOf(pair, draft.fromSumma) || '0' },
  ).errors;

describe('validateClaim agrees with the server’s claim check', () => {
  const drafts: [string, ClaimDraft][] = [
    ['a good claim', good],
    ['under the minimum', { ...good, fromSumma: '999.99' }],
    ['over the maximum', { ...good, fromSumma: '500000.01' }],
    ['over the reserve', { ...good, fromSumma: '200000' }],
    ['a card failing Luhn', { ...good, fromRequisites: { card: '2202 2012 3456 7890' } }],
    ['a missing address', { ...good, toRequisites: {} }],
    [
      'an ERC20 address for TRC20',
      { ...good, toRequisites: { address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' } },
    ],
    ['a memo off its pattern', { ...good, toRequisites: { ...good.toRequisites, memo: 'no spaces!' } }],
  ];
  for (const locale of ['ru', 'en'] as const) {
    it.each(drafts)(`${locale}: %s`, (_, draft) => {
      expect(validateClaim(pair, draft, locale)).toEqual(server(draft, locale));
    });
  }

  it('requires the amount and a valid e-mail', () => {
    expect(validateClaim(pair, { ...good, fromSumma: '', email: 'nope' }, 'en')).toEqual({
      fromSumma: ['This field is required.'],
      email: ['Enter a valid email address.'],
    });
    expect(emailError('', 'ru')).toBe('Обязательное поле.');
    expect(emailError('Ann.Lee+x@Example.co', 'en')).toBeNull();
  });

  it('checks one requisite by its input’s kind, and knows nothing of names outside the structure', () => {
    expect(requisiteError(pair, 'from', 'card', '4111 1111 1111 1112', 'en')).toBe('Check the card number.');
    expect(requisiteError(pair, 'to', 'address', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'en')).toBeNull();
    expect(requisiteError(pair, 'to', 'unknown', 'x', 'en')).toBeNull();
  });
});
