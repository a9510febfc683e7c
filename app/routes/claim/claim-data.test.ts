import { describe, expect, it } from 'vitest';
import type { RequisiteInput } from '../../../shared/exchange/requisites.ts';
import type { ClaimForm } from '../../../shared/schemas/exchange.ts';
import { rateOf } from '../../../shared/exchange/claim-display.ts';
import { buildClaimView } from './claim-data.ts';

describe('rateOf', () => {
  it('gives "1 = N" for courses of 1 and more, "N = 1" under 1, readable either way', () => {
    expect(rateOf('89.74875')).toEqual({ give: '1', get: '89.74875' });
    expect(rateOf('97229.766431291689')).toEqual({ give: '1', get: '97229.77' });
    expect(rateOf('0.010537800000')).toEqual({ give: '94.896468', get: '1' });
    expect(rateOf('0.000000107820')).toEqual({ give: '9274717.12', get: '1' });
    expect(rateOf('1')).toEqual({ give: '1', get: '1' });
  });
});

const input = (name: string, kind: RequisiteInput['kind'], en: string): RequisiteInput => ({
  name,
  label: { ru: `ru ${en}`, en },
  visible: true,
  required: true,
  kind,
  pattern: null,
  example: '',
});

const currency = (id: number, code: string, network: string | null) => ({
  id,
  code,
  name: code,
  symbol: code.slice(0, 4),
  network,
  logo: `/currencies/${code.toLowerCase()}.svg`,
});

/** As the claims service answers: the customer's details already masked (shared/exchange/mask.ts). */
const form: ClaimForm = {
  uuid: '07e48773-68da-42d4-b9dc-3e7f66470f53',
  status: 'new',
  email: 'a•••@example.com',
  course: '0.0105378',
  from: { currency: currency(1, 'SBERRUB', null), amount: '10000', requisites: { card: '2202 •••• 7895' } },
  to: {
    currency: currency(2, 'USDTTRC20', 'TRC20'),
    amount: '105.37',
    requisites: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', legacy: 'Иван П.' },
  },
  createdAt: '2026-11-22T08:00:00.000Z',
  expiresAt: '2026-11-22T08:30:00.000Z',
  breakdown: null,
};

describe('buildClaimView', () => {
  it('labels requisites in the page’s language; values stay as the service masked them', () => {
    const view = buildClaimView(
      form,
      {
        uuid: form.uuid,
        status: 'new',
        expiresAt: form.expiresAt,
        amount: '10000',
        currency: form.from.currency,
        details: { label: 'Sberbank RUB', value: '2202201000000014', holder: 'Олег К.', memo: null, uri: null },
      },
      {
        from: { kind: 'card', fromInputs: [input('card', 'card', 'Sender card number')], toInputs: [] },
        to: { kind: 'crypto', fromInputs: [], toInputs: [input('address', 'address', 'TRC20 wallet address')] },
        notice: 'Pay only from your own card.',
      },
      'en',
    );
    expect(view.email).toBe('a•••@example.com');
    expect(view.from.requisites).toEqual([{ name: 'card', label: 'Sender card number', value: '2202 •••• 7895' }]);
    expect(view.to.requisites).toEqual([
      { name: 'address', label: 'TRC20 wallet address', value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      // An input the currency no longer describes: under its own name.
      { name: 'legacy', label: 'legacy', value: 'Иван П.' },
    ]);
    expect(view.rate).toEqual({ give: '94.896468', get: '1' });
    // The operator's details are for paying: whole.
    expect(view.payment).toMatchObject({
      amount: '10000',
      details: { value: '2202201000000014' },
      notice: 'Pay only from your own card.',
    });
    expect(view.from.currency.kind).toBe('card');
    // Where a refund can go: the send side's inputs, as the server checks POST /claim/{id}/refund/.
    expect(view.refundInputs).toEqual([
      { name: 'card', label: 'Sender card number', kind: 'card', required: true, example: '' },
    ]);
  });

  it('a currency gone from the catalogue still shows, without a kind', () => {
    const view = buildClaimView(
      form,
      {
        uuid: form.uuid,
        status: 'new',
        expiresAt: form.expiresAt,
        amount: '1',
        currency: form.from.currency,
        details: null,
      },
      { from: undefined, to: undefined, notice: '' },
      'ru',
    );
    expect(view.from.currency.kind).toBeNull();
    expect(view.payment.details).toBeNull();
    expect(view.payment.notice).toBeNull();
    expect(view.from.requisites).toEqual([{ name: 'card', label: 'card', value: '2202 •••• 7895' }]);
  });
});
