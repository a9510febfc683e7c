import { describe, expect, it } from 'vitest';
import type { RequisiteInput } from '../../../shared/exchange/requisites.ts';
import type { ClaimForm } from '../../../shared/schemas/exchange.ts';
import { buildClaimView } from './claim-data.ts';

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
  decimals: 2,
  network,
  logo: `/currencies/${code.toLowerCase()}.svg`,
});

/** As the claims service answers: the customer's details already masked (shared/exchange/mask.ts). */
const form: ClaimForm = {
  uuid: '07e48773-68da-42d4-b9dc-3e7f66470f53',
  status: 'new',
  email: 'a•••@example.com',
  course: '0.0105378',
  from: { currency: currency(1, 'SBERRUB', null), amount: '10000', requisites: { card: '2202 •••• •••• 7895' } },
  to: {
    currency: currency(2, 'USDTTRC20', 'TRC20'),
    amount: '105.37',
    requisites: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', legacy: 'Иван П.' },
  },
  createdAt: '2026-11-22T08:00:00.000Z',
  expiresAt: '2026-11-22T08:30:00.000Z',
  breakdown: null,
  droppedPromocode: null,
  refundRequisites: { card: '5555 •••• •••• 4444' },
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
        details: { label: 'Sberbank card', value: '2202201000000014', holder: 'Oleg K.', memo: null, uri: null },
      },
      {
        from: { kind: 'card', fromInputs: [input('card', 'card', 'Sender card number')], toInputs: [] },
        to: { kind: 'crypto', fromInputs: [], toInputs: [input('address', 'address', 'TRC20 wallet address')] },
        notice: 'Pay only from your own card.',
      },
      'en',
    );
    expect(view.email).toBe('a•••@example.com');
    expect(view.from.requisites).toEqual([{ name: 'card', label: 'Sender card number', value: '2202 •••• •••• 7895' }]);
    expect(view.to.requisites).toEqual([
      { name: 'address', label: 'TRC20 wallet address', value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      // An input the currency no longer describes: under its own name.
      { name: 'legacy', label: 'legacy', value: 'Иван П.' },
    ]);
    // The course as the calculator writes it: what one USDT costs, rounded up (shared/format.ts).
    expect(view.rate.text).toBe('94.90\u00a0SBER = 1\u00a0USDT');
    // The operator's details are for paying: whole.
    expect(view.payment).toMatchObject({
      amount: '10000',
      details: { value: '2202201000000014' },
      notice: 'Pay only from your own card.',
    });
    expect(view.from.currency.kind).toBe('card');
    // Where a refund can go: the send side's inputs, as the server checks POST /claim/{id}/refund/.
    expect(view.refundInputs).toEqual([
      // Named for the refund: the money goes back there, it is not the sender's card (shared/exchange/requisites.ts).
      { name: 'card', label: 'Card for the refund', kind: 'card', required: true, example: '' },
    ]);
    // Where the customer asked the refund to go: labelled as the refund form asked it, masked as the service gave it.
    expect(view.refund).toEqual([{ name: 'card', label: 'Card for the refund', value: '5555 •••• •••• 4444' }]);
    const none = {
      uuid: form.uuid,
      status: 'new' as const,
      expiresAt: '',
      amount: '1',
      currency: form.from.currency,
      details: null,
    };
    const noFacts = { from: undefined, to: undefined, notice: '' };
    expect(buildClaimView({ ...form, refundRequisites: null }, none, noFacts, 'en').refund).toBeNull();
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
    expect(view.from.requisites).toEqual([{ name: 'card', label: 'card', value: '2202 •••• •••• 7895' }]);
  });
});
