// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { claimStatusValues, type ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { paymentCard, type PaymentView } from './claim-view.ts';
import { PaymentPanel } from './payment-panel.tsx';

afterEach(cleanup);

const uuid = '07e48773-68da-42d4-b9dc-3e7f66470f53';
const address = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG';
const ton: PaymentView = {
  amount: '50',
  currency: {
    code: 'TON',
    name: 'Toncoin',
    symbol: 'TON',
    decimals: 9,
    network: 'TON',
    logo: '/img/ton.svg',
    kind: 'crypto',
  },
  details: {
    label: 'TON address',
    value: address,
    holder: null,
    memo: '7741',
    uri: `ton://transfer/${address}?amount=50000000000&text=7741`,
    qr: '<svg></svg>',
  },
  notice: null,
};

function renderPanel(mode: 'pay' | 'paid' | 'details', url = '/en/claim/x', txid: string | null = null) {
  const noop = () => undefined;
  return renderAt(
    url,
    <PaymentPanel
      uuid={uuid}
      payment={ton}
      expiresAt={new Date(Date.now() + 30 * 60_000).toISOString()}
      serverNow={Date.now()}
      onExpire={noop}
      onPaid={noop}
      onRefused={noop}
      mode={mode}
      txid={txid}
    />,
  );
}

const marked = [
  { status: 'new', actor: 'system' },
  { status: 'paid', actor: 'customer' },
];
const operatorOnly = [
  { status: 'new', actor: 'system' },
  { status: 'processing', actor: 'operator' },
];

describe('PaymentPanel: the currency’s name and network', () => {
  it('shows the network beside the name only when the name does not already say it', () => {
    const withName = (name: string, network: string) => ({ ...ton, currency: { ...ton.currency, name, network } });
    const noop = () => undefined;
    const panel = (payment: PaymentView) =>
      renderAt(
        '/en/claim/x',
        <PaymentPanel
          uuid={uuid}
          payment={payment}
          expiresAt={new Date(Date.now() + 30 * 60_000).toISOString()}
          serverNow={Date.now()}
          onExpire={noop}
          onPaid={noop}
          onRefused={noop}
          mode="details"
        />,
      );
    const heading = () => screen.getByRole('heading', { level: 2 }).parentElement!.textContent;
    const named = panel(withName('Tether TRC20', 'TRC20'));
    expect(heading()).toMatch(/Tether TRC20$/);
    named.unmount();
    panel(withName('Tether', 'TRC20'));
    expect(heading()).toMatch(/TetherTRC20$/);
  });
});

describe('paymentCard: what the payment card is, status by status', () => {
  const expected: Record<ClaimStatusValue, ReturnType<typeof paymentCard>> = {
    new: 'pay',
    paid: 'paid',
    processing: 'paid',
    hold: 'paid',
    late_payment: 'paid',
    // After the window (an expired claim asks "I already paid" instead) and once done: no card at all.
    expired: null,
    requoted: null,
    refund_requested: null,
    refunded: null,
    completed: null,
    cancelled: null,
    error: null,
  };
  it.each(claimStatusValues)('%s', (status) => {
    expect(paymentCard(status, marked)).toBe(expected[status]);
    // Not marked by the customer: the same card, headed as details rather than "You paid".
    const unmarked = expected[status] === 'paid' ? 'details' : expected[status];
    expect(paymentCard(status, operatorOnly)).toBe(unmarked);
  });
  it('a late payment report counts as the customer’s mark', () => {
    expect(paymentCard('late_payment', [{ status: 'late_payment', actor: 'customer' }])).toBe('paid');
    expect(paymentCard('processing', [{ status: 'late_payment', actor: 'customer' }])).toBe('paid');
  });
});

describe('PaymentPanel', () => {
  it("'new': the amount and address to copy, the QR code, Open in wallet, the countdown and I have paid", () => {
    renderPanel('pay');
    const card = screen.getByTestId('payment-panel');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Payment');
    expect(within(card).getByRole('button', { name: 'Copy: Amount to pay' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy: TON address' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open in wallet' }).getAttribute('href')).toBe(ton.details!.uri);
    expect(within(card).getByTestId('payment-qr')).toBeTruthy();
    expect(within(card).getByRole('timer')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'I have paid' })).toBeTruthy();
  });

  it('paid by the customer: "You paid", the amount and our details as text, nothing to copy, scan or open', () => {
    renderPanel('paid', '/en/claim/x', '0xfeed');
    const card = screen.getByTestId('payment-panel');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('You paid');
    expect(card.textContent).toContain('Amount50.00TON');
    expect(card.textContent).toContain(`TON address${address}`);
    expect(card.textContent).toContain('Comment (memo)7741');
    expect(within(card).getByTestId('payment-sent').textContent).toContain('Your reference: 0xfeed');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(within(card).queryAllByRole('link')).toHaveLength(0);
    expect(within(card).queryByTestId('payment-qr')).toBeNull();
    expect(within(card).queryByRole('timer')).toBeNull();
    expect(card.textContent).not.toContain('Amount to pay');
  });

  it('not marked by the customer (an operator processed it from new): "Payment details", no "you marked it"', () => {
    renderPanel('details', '/claim/x');
    const card = screen.getByTestId('payment-panel');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Реквизиты для оплаты');
    expect(card.textContent).toContain('Сумма50,00TON');
    expect(card.textContent).not.toContain('Сумма к оплате');
    expect(card.textContent).not.toContain('Открыть в кошельке');
    expect(within(card).queryByTestId('payment-sent')).toBeNull();
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(within(card).queryAllByRole('link')).toHaveLength(0);
    expect(within(card).queryByTestId('payment-qr')).toBeNull();
  });

  it('ru, paid: "Вы оплатили"', () => {
    renderPanel('paid', '/claim/x');
    const card = screen.getByTestId('payment-panel');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Вы оплатили');
    expect(within(card).queryByRole('button', { name: /Копировать/ })).toBeNull();
  });
});
