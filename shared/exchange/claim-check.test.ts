import { describe, expect, it } from 'vitest';
import { translateFieldErrors } from '../field-issues.ts';
import { checkClaim, type ClaimAmounts, type PairForCheck } from './claim-check.ts';
import type { RequisiteInput } from './requisites.ts';

const input = (over: Partial<RequisiteInput> & Pick<RequisiteInput, 'name' | 'kind'>): RequisiteInput => ({
  label: { ru: over.name, en: over.name },
  visible: true,
  required: true,
  pattern: null,
  example: 'T…',
  ...over,
});

// RUB card to USDT TRC20: limits on the send side, a maximum and a reserve on the receive side.
const pair: PairForCheck = {
  course: '0.0105',
  from: { min: '1000', max: '500000', roundCalculator: 2 },
  to: { min: null, max: '3000', roundCalculator: 2 },
  reserve: '2000',
  structure: {
    from: { network: null, inputs: [input({ name: 'card', kind: 'card', example: '2202 2012 3456 7895' })] },
    to: {
      network: 'TRC20',
      inputs: [
        input({ name: 'address', kind: 'address' }),
        input({ name: 'refund', kind: 'address', visible: false }),
        input({ name: 'memo', kind: 'text', required: false, pattern: '[A-Za-z0-9]{1,12}', example: '104523' }),
      ],
    },
  },
};

const good: ClaimAmounts = {
  fromSumma: '1500.00',
  toSumma: '15.75',
  fromRequisites: { card: '2202 2012 3456 7895' },
  toRequisites: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
};

describe('checkClaim', () => {
  it.each<[string, ClaimAmounts, Record<string, string[]>]>([
    ['a good claim', good, {}],
    ['under the minimum', { ...good, fromSumma: '999.99' }, { fromSumma: ['field_amount_min?min=1000.00&decimals=2'] }],
    [
      'over the maximum',
      { ...good, fromSumma: '500000.01' },
      { fromSumma: ['field_amount_max?max=500000.00&decimals=2'] },
    ],
    [
      'over the reserve',
      { ...good, fromSumma: '200000' },
      { toSumma: ['field_reserve_exceeded?max=2000.00&decimals=2'] },
    ],
    [
      'a card failing Luhn',
      { ...good, fromRequisites: { card: '2202 2012 3456 7890' } },
      { 'fromRequisites.card': ['field_card_checksum'] },
    ],
    [
      'a TRC20 address with one letter mistyped',
      { ...good, toRequisites: { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' } },
      { 'toRequisites.address': ['field_address_checksum?network=TRC20'] },
    ],
    // A hidden input is never required: the customer was not shown it.
    ['a missing address', { ...good, toRequisites: {} }, { 'toRequisites.address': ['field_required'] }],
    [
      'an ERC20 address for TRC20',
      { ...good, toRequisites: { address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' } },
      { 'toRequisites.address': ['field_invalid_address?network=TRC20'] },
    ],
    [
      'a memo off its pattern',
      { ...good, toRequisites: { ...good.toRequisites, memo: 'no spaces!' } },
      { 'toRequisites.memo': ['field_invalid_format?example=104523'] },
    ],
  ])('%s', (_, claim, codes) => {
    expect(checkClaim(pair, claim).errors).toEqual(codes);
  });

  it('says what is wrong in the catalogue’s words in both languages', () => {
    const { errors } = checkClaim(pair, {
      ...good,
      fromSumma: '200000',
      toRequisites: { address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' },
    });
    expect(translateFieldErrors(errors, 'en')).toEqual({
      toSumma: ['Not enough reserve: at most 2,000.00.'],
      'toRequisites.address': ['Enter a valid TRC20 address.'],
    });
    expect(translateFieldErrors(errors, 'ru')).toEqual({
      toSumma: ['Недостаточно резерва: не более 2\u00a0000,00.'],
      'toRequisites.address': ['Введите правильный адрес в сети TRC20.'],
    });
  });
});
