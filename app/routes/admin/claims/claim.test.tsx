// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Quote } from '../../../../shared/exchange/quote.ts';
import type { Locale } from '../../../../shared/locales.ts';
import type { AdminClaim } from '../../../../shared/schemas/admin-claims.ts';
import { createI18n } from '../../../i18n/i18n.ts';
import { resources } from '../../../i18n/resources.ts';
import AdminClaimPage from './claim.tsx';

/** The console's claim page as the router renders it with its loader's data (what the operator reads). */

afterEach(cleanup);

const sideOf = (code: string, name: string, symbol: string, network: string | null, decimals: number) => ({
  currency: { id: 1, code, name, symbol, decimals, network, logo: `/currencies/${code}.svg` },
  amount: '0.001',
  requisites: [],
});

/** A claim priced RUB -> BTC whose breakdown applies `promocodePercent`. */
function claimWith(over: Partial<AdminClaim>, promocodePercent = '0'): AdminClaim {
  const applied = promocodePercent !== '0';
  const breakdown: Quote = {
    rate: '0.0000001',
    source: 'binance:BTCRUB',
    updatedAt: '2026-11-28T09:00:00.000Z',
    markupPercent: '0',
    bonusPercent: '0',
    fees: { from: '0', to: '0' },
    promocodePercent,
    course: applied ? '0.000000105' : '0.0000001',
    send: '10000.00',
    market: '0.001',
    markup: '0',
    bonus: '0',
    promocode: applied ? '0.00005' : '0',
    fromFee: '0',
    fromFeeValue: '0',
    toFee: '0',
    receive: applied ? '0.00105' : '0.001',
  };
  return {
    uuid: '07e48773-68da-42d4-b9dc-3e7f66470f53',
    number: '07E48773',
    status: 'processing',
    locale: 'ru',
    createdAt: '2026-11-28T08:00:00.000Z',
    updatedAt: '2026-11-28T09:00:00.000Z',
    expiresAt: '2026-11-28T08:30:00.000Z',
    email: 'anna@example.com',
    user: null,
    course: '0.0000001',
    breakdown,
    from: sideOf('SBERRUB', 'Сбербанк', 'RUB', null, 2),
    to: sideOf('BTC', 'Bitcoin', 'BTC', 'BTC', 8),
    paymentDetail: null,
    promocode: null,
    droppedPromocode: null,
    refferal: null,
    accrual: null,
    selfReferral: null,
    partner: null,
    payoutReference: null,
    txid: null,
    customerComment: null,
    offer: null,
    refundRequisites: null,
    history: [],
    actions: [],
    ...over,
  };
}

function renderClaim(claim: AdminClaim, locale: Locale = 'ru') {
  const path = locale === 'en' ? '/en/admin/claims/x' : '/admin/claims/x';
  const Page = AdminClaimPage as unknown as (props: { loaderData: unknown; params: object; matches: [] }) => null;
  const Stub = createRoutesStub([
    { path, Component: () => <Page loaderData={{ claim, loadedAt: Date.now() }} params={{}} matches={[]} /> },
  ]);
  return render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

describe('console claim page: the promocode', () => {
  it('ru: a code the accepted offer dropped is struck, with why, beside a breakdown without its line', async () => {
    renderClaim(claimWith({ promocode: 'ONE-USE', droppedPromocode: 'ONE-USE' }));
    const row = await screen.findByTestId('admin-claim-promocode');
    expect(row.querySelector('s')?.textContent).toBe('ONE-USE');
    expect(row.textContent).toBe(
      'ONE-USEНе применён: клиент принял новый курс без него (промокод больше не действовал: использован или истёк срок)',
    );
    expect(screen.getByTestId('admin-claim-breakdown').textContent).not.toContain('Промокод');
  });

  it('en: the same, in English', async () => {
    renderClaim(claimWith({ promocode: 'ONE-USE', droppedPromocode: 'ONE-USE' }), 'en');
    const row = await screen.findByTestId('admin-claim-promocode');
    expect(row.querySelector('s')?.textContent).toBe('ONE-USE');
    expect(row.textContent).toContain('Not applied: the customer accepted the new rate without it');
  });

  it('a code the price applies reads as it is, never struck', async () => {
    renderClaim(claimWith({ promocode: 'WELCOME' }, '5'));
    const row = await screen.findByTestId('admin-claim-promocode');
    expect(row.textContent).toBe('WELCOME');
    expect(row.querySelector('s')).toBeNull();
    expect(screen.getByTestId('admin-claim-breakdown').textContent).toContain('Промокод');
  });
});

describe('console claim page: the partner', () => {
  const credited = { partner: 'partner@example.com', amount: '1.5' };
  const user = { id: 7, email: 'anna@example.com' };

  it('ru: a partner credited through the customer’s sign-up says so where the code would be, not a bare dash', async () => {
    renderClaim(claimWith({ status: 'completed', user, refferal: null, accrual: credited }));
    const code = await screen.findByTestId('admin-claim-refferal');
    expect(code.textContent).toBe('В заявке нет: клиент зарегистрировался по ссылке партнёра');
    expect(screen.getByTestId('admin-claim-accrual').textContent).toContain('partner@example.com');
  });

  it('en: the same, in English; a self-referral through the account reads the same way', async () => {
    renderClaim(
      claimWith({ user, refferal: null, selfReferral: { partner: 'partner@example.com', reason: 'own_email' } }),
      'en',
    );
    expect((await screen.findByTestId('admin-claim-refferal')).textContent).toBe(
      'None on the order: the customer signed up through the partner’s link',
    );
  });

  it('a code on the claim reads as it is, the accrual a dash until the claim completes', async () => {
    renderClaim(claimWith({ refferal: 'PARTNER1' }));
    expect((await screen.findByTestId('admin-claim-refferal')).textContent).toBe('PARTNER1');
    expect(screen.getByTestId('admin-claim-accrual').textContent).toBe('—');
  });

  it('a claim with no partner shows neither row', async () => {
    renderClaim(claimWith({}));
    await screen.findByTestId('admin-claim-promocode');
    expect(screen.queryByTestId('admin-claim-refferal')).toBeNull();
    expect(screen.queryByTestId('admin-claim-accrual')).toBeNull();
    expect(screen.queryByText('Реферальный код')).toBeNull();
  });
});

describe('console claim page: currencies', () => {
  it('names each side’s currency once: "Bitcoin · BTC", not "Bitcoin · BTC · BTC"', async () => {
    renderClaim(claimWith({}));
    const names = (await screen.findAllByTestId('admin-claim-currency')).map((p) => p.textContent);
    expect(names).toEqual(['Сбербанк · SBERRUB', 'Bitcoin · BTC']);
    cleanup();
    renderClaim(claimWith({ to: sideOf('USDTTRC20', 'Tether', 'USDT', 'TRC20', 6) }), 'en');
    expect((await screen.findAllByTestId('admin-claim-currency')).map((p) => p.textContent)).toContain(
      'Tether · USDTTRC20 · TRC20',
    );
  });
});

describe('console claim page: an offer of the claim’s own terms', () => {
  const offer = (course: string, toSumma: string) => ({
    course,
    toSumma,
    validUntil: '2999-01-01T00:00:00.000Z',
    droppedPromocode: null,
    promocodeOnly: false,
  });
  const step = (id: number, status: AdminClaim['status'], over: Partial<AdminClaim['history'][number]> = {}) => ({
    id,
    at: '2026-11-28T09:00:00.000Z',
    from: null,
    status,
    actor: 'customer' as const,
    operator: null,
    reason: null,
    note: null,
    reference: null,
    amounts: null,
    ...over,
  });

  it('ru: the status keeps its name, the offer says it is the claim’s own terms; a moved one does not', async () => {
    // The offer's numeric scale: the claim's own figures written longer.
    renderClaim(claimWith({ status: 'requoted', offer: offer('0.000000100', '0.00100000') }));
    expect((await screen.findByTestId('admin-claim-status')).textContent).toBe('Новый курс');
    expect(screen.getByTestId('admin-claim-offer-same').textContent).toBe(
      'Прежние условия заявки: клиента просят подтвердить заявку',
    );
    cleanup();
    renderClaim(claimWith({ status: 'requoted', offer: offer('0.00000011', '0.001') }), 'en');
    await screen.findByTestId('admin-claim-offer');
    expect(screen.queryByTestId('admin-claim-offer-same')).toBeNull();
  });

  it('an offer that only left the promocode out says the market rate did not move; one that moved does not', async () => {
    const withoutCode = { ...offer('0.00000011', '0.0011'), droppedPromocode: 'WELCOME' };
    renderClaim(claimWith({ status: 'requoted', offer: { ...withoutCode, promocodeOnly: true } }));
    expect((await screen.findByTestId('admin-claim-offer-promocode')).textContent).toContain('Без промокода WELCOME');
    expect(screen.getByTestId('admin-claim-offer-promocode-only').textContent).toBe(
      'Рыночный курс не изменился: от заявки предложение отличается только ушедшей скидкой промокода',
    );
    cleanup();
    renderClaim(claimWith({ status: 'requoted', offer: { ...withoutCode, promocodeOnly: false } }), 'en');
    await screen.findByTestId('admin-claim-offer-promocode');
    expect(screen.queryByTestId('admin-claim-offer-promocode-only')).toBeNull();
  });

  it('en: the history names the re-quote of the same terms and its acceptance as a confirmation', async () => {
    const same = { course: '0.0000001', toSumma: '0.001' };
    renderClaim(
      claimWith({
        history: [
          step(1, 'late_payment', { reason: 'customer paid late' }),
          step(2, 'requoted', { actor: 'operator', operator: { id: 1, email: 'op@example.com' }, amounts: same }),
          step(3, 'processing', { reason: 'customer accepted the offer', amounts: same }),
        ],
      }),
      'en',
    );
    const history = await screen.findByTestId('admin-claim-history');
    const [, offered, accepted] = [...history.querySelectorAll(':scope > li')];
    expect(offered!.textContent).toContain('Offered the same terms: rate 10,000,000.00\u00a0RUB = 1\u00a0BTC');
    expect(accepted!.textContent).toContain('Order confirmed on the same terms');
    expect(accepted!.textContent).not.toMatch(/New rate accepted|Replaced terms/);
  });
});

describe('console claim page: where a refund goes', () => {
  const card = (value: string) => ({ name: 'card', label: 'Номер карты отправителя', value });
  // Money is written with no-break spaces (shared/format.ts); the assertions spell them as plain ones.
  const plain = (el: HTMLElement) => el.textContent.replace(/[\u00a0\u202f]/g, ' ');
  const refundAsked = (over: Partial<AdminClaim> = {}) =>
    claimWith({
      status: 'refund_requested',
      actions: ['refund'],
      from: {
        ...sideOf('SBERRUB', 'Сбербанк', 'RUB', null, 2),
        amount: '10000.00',
        requisites: [card('4111111111111111')],
      },
      refundRequisites: [{ name: 'card', label: 'Карта для возврата', value: '5555555555554444' }],
      ...over,
    });

  it('ru: the send card leads with "Вернуть на" and the refund card whole; its own card is where the customer paid from', async () => {
    renderClaim(refundAsked());
    const send = await screen.findByRole('region', { name: 'Клиент отдаёт' });
    const target = within(send).getByTestId('admin-claim-refund-to');
    expect(plain(target)).toBe(
      'Вернуть наСумма: 10 000,00 RUB, столько клиент отправилКарта для возврата5555 5555 5555 4444',
    );
    // The target comes before the card the money came from, which is no longer labelled bare "Реквизиты".
    expect(plain(send)).toMatch(/5555 5555 5555 4444.*Клиент платил сНомер карты отправителя4111 1111 1111 1111/);
    expect(within(send).queryByText('Реквизиты')).toBeNull();
  });

  it('ru: the Refund form repeats the target above the reference', async () => {
    renderClaim(refundAsked());
    fireEvent.click(await screen.findByTestId('action-refund'));
    const form = document.getElementById('claim-action-form')!;
    expect(within(form).getByText(/переведите деньги на реквизиты «Вернуть на» ниже/)).toBeTruthy();
    expect(within(form).getByTestId('action-refund-to').textContent).toContain('5555 5555 5555 4444');
    expect(form.textContent).not.toContain('4111');
  });

  it('en: a TON refund names its address in the send card and the form, not "No requisites" alone', async () => {
    const ton = { ...sideOf('TON', 'Toncoin', 'TON', 'TON', 9), amount: '50' };
    const address = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG';
    renderClaim(
      refundAsked({ from: ton, refundRequisites: [{ name: 'wallet', label: 'Refund address', value: address }] }),
      'en',
    );
    const send = await screen.findByRole('region', { name: 'Customer sends' });
    expect(plain(within(send).getByTestId('admin-claim-refund-to'))).toBe(
      `Refund toAmount: 50.00 TON, what the customer sentRefund address${address}`,
    );
    fireEvent.click(screen.getByTestId('action-refund'));
    expect(screen.getByTestId('action-refund-to').textContent).toContain(address);
  });

  it('a refunded claim says where the money went; a claim without a refund request shows no such block', async () => {
    renderClaim(refundAsked({ status: 'refunded', actions: [], payoutReference: 'RET-77' }), 'en');
    expect((await screen.findByTestId('admin-claim-refund-to')).textContent).toMatch(/^Refunded to/);
    // Nothing is paid out: the receive card says so instead of "Customer receives".
    expect(screen.getByRole('region', { name: 'Not paid out: refund' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Customer receives' })).toBeNull();
    // Its reference is the refund's transfer: nothing was paid out.
    const reference = screen.getByTestId('admin-claim-reference');
    expect(reference.textContent).toBe('RET-77');
    expect(reference.previousElementSibling?.textContent).toBe('Refund reference');
    cleanup();
    renderClaim(claimWith({}));
    await screen.findByRole('region', { name: 'Клиент отдаёт' });
    expect(screen.queryByTestId('admin-claim-refund-to')).toBeNull();
  });
});
