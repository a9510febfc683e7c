// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { quoteLines, type Quote } from '../../../shared/exchange/quote.ts';
import { formatCourse } from '../../../shared/format.ts';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { ClaimSummary } from './claim-summary.tsx';
import type { ClaimView } from './claim-view.ts';

afterEach(cleanup);

const currency = (code: string, symbol: string) => ({
  code,
  name: code,
  symbol,
  decimals: symbol === 'USDT' ? 6 : 2,
  network: null,
  logo: `/logos/${code}.svg`,
  kind: 'card' as const,
});
const quote: Quote = {
  rate: '0.011',
  source: 'binance:RUBUSDT',
  updatedAt: '2026-11-22T10:00:00.000Z',
  markupPercent: '1',
  bonusPercent: '0',
  fees: { from: '0', to: '0' },
  promocodePercent: '0',
  course: '0.01089',
  send: '10000.00',
  market: '110.00',
  markup: '1.10',
  bonus: '0.00',
  promocode: '0.00',
  fromFee: '0.00',
  fromFeeValue: '0.00',
  toFee: '0.00',
  receive: '108.90',
};
const claim: ClaimView = {
  uuid: '07e48773-68da-42d4-b9dc-3e7f66470f53',
  createdAt: '2026-11-22T08:00:00.000Z',
  email: 'a•••@example.com',
  from: { currency: currency('SBERRUB', 'RUB'), amount: '10000', requisites: [] },
  to: { currency: currency('USDTTRC20', 'USDT'), amount: '108.9', requisites: [] },
  course: '0.01089',
  rate: formatCourse('0.01089', { symbol: 'RUB' }, { symbol: 'USDT' }, 'en'),
  breakdown: { quote, lines: quoteLines(quote) },
  droppedPromocode: null,
  payment: { amount: '10000', currency: currency('SBERRUB', 'RUB'), details: null, notice: null },
  refundInputs: [],
  refund: null,
};

describe('ClaimSummary', () => {
  it('names the network beside a currency only when its name does not already say it', () => {
    const crypto = (name: string) => ({
      ...currency('USDTTRC20', 'USDT'),
      name,
      network: 'TRC20',
      kind: 'crypto' as const,
    });
    const named = renderAt(
      '/en/claim/x',
      <ClaimSummary claim={{ ...claim, to: { ...claim.to, currency: crypto('Tether TRC20') } }} />,
    );
    expect(screen.getByTestId('claim-receive').textContent).toContain('Tether TRC20');
    expect(screen.getByTestId('claim-receive').textContent).not.toContain('(TRC20)');
    named.unmount();
    renderAt('/en/claim/x', <ClaimSummary claim={{ ...claim, to: { ...claim.to, currency: crypto('Tether') } }} />);
    expect(screen.getByTestId('claim-receive').textContent).toContain('Tether(TRC20)');
  });

  it('says the breakdown was quoted at creation, or in the offer the customer accepted', () => {
    const created = renderAt('/en/claim/x', <ClaimSummary claim={claim} />);
    expect(document.body.textContent).toContain('As the amount was quoted when the order was created.');
    created.unmount();
    renderAt('/en/claim/x', <ClaimSummary claim={claim} accepted="newTerms" />);
    const text = document.body.textContent;
    expect(text).toContain('As the amount was quoted in the new offer you accepted.');
    expect(text).not.toContain('when the order was created');
    expect(screen.getByTestId('claim-rate').textContent).toContain('the new rate you accepted');
  });

  it('an accepted offer of the claim’s own terms was a confirmation, not a new rate', () => {
    const en = renderAt('/en/claim/x', <ClaimSummary claim={claim} accepted="sameTerms" />);
    expect(screen.getByTestId('claim-rate').textContent).toContain(
      '(locked when the order was created, confirmed by you)',
    );
    expect(document.body.textContent).toContain('As the amount was quoted in the offer you confirmed.');
    expect(document.body.textContent).not.toMatch(/new rate|new offer/);
    en.unmount();
    renderAt('/claim/x', <ClaimSummary claim={claim} accepted="sameTerms" />);
    expect(screen.getByTestId('claim-rate').textContent).toContain(
      '(зафиксирован при создании заявки, вы подтвердили его)',
    );
    expect(document.body.textContent).toContain('Так сумма рассчитана в предложении, которое вы подтвердили.');
    expect(document.body.textContent).not.toMatch(/новый курс|новом предложении/);
  });

  it('keeps the breakdown open after an accepted offer, as for a claim without one: the changed price is in view', () => {
    // The page learns of the acceptance live (the status turns, `accepted` with it): the breakdown stays open.
    function Live() {
      const [accepted, setAccepted] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setAccepted(true)}>
            accept
          </button>
          <ClaimSummary claim={claim} accepted={accepted ? 'newTerms' : null} />
        </>
      );
    }
    const live = renderAt('/en/claim/x', <Live />);
    expect((screen.getByTestId('claim-breakdown') as HTMLDetailsElement).open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'accept' }));
    expect(screen.getByTestId('claim-rate').textContent).toContain('the new rate you accepted');
    expect((screen.getByTestId('claim-breakdown') as HTMLDetailsElement).open).toBe(true);
    live.unmount();
    renderAt('/claim/x', <ClaimSummary claim={claim} accepted="newTerms" />);
    expect((screen.getByTestId('claim-breakdown') as HTMLDetailsElement).open).toBe(true);
  });

  it('says the promocode the accepted offer left out does not apply, beside a breakdown without its line', () => {
    const dropped = { ...claim, droppedPromocode: 'ONE-USE' };
    const en = renderAt('/en/claim/x', <ClaimSummary claim={dropped} accepted="newTerms" />);
    expect(screen.getByTestId('claim-promocode-dropped').textContent).toBe(
      'The promocode ONE-USE does not apply to the new rate: it was no longer valid (used up or expired).',
    );
    en.unmount();
    const ru = renderAt('/claim/x', <ClaimSummary claim={dropped} accepted="newTerms" />);
    expect(screen.getByTestId('claim-promocode-dropped').textContent).toBe(
      'Промокод ONE-USE к новому курсу не применён: он больше не действовал (его использовали или истёк срок).',
    );
    ru.unmount();
    renderAt('/en/claim/x', <ClaimSummary claim={claim} accepted="newTerms" />);
    expect(screen.queryByTestId('claim-promocode-dropped')).toBeNull();
  });

  it('while an offer of other terms waits, or once cancelled or past its window, the claim’s own amount is not named as what is received', () => {
    const ru = renderAt('/claim/x', <ClaimSummary claim={claim} status="requoted" unpromised="offer" />);
    const receive = screen.getByTestId('claim-receive');
    expect(receive.textContent).toBe(
      'По прежним условиям заявки108,90 USDTUSDTTRC20Новые условия — в предложении выше',
    );
    // Not in the page's largest type: the offer's amount is the one to read.
    expect(receive.querySelector('.text-2xl')).toBeNull();
    expect(screen.getByTestId('claim-rate').textContent).toMatch(/\(прежний курс заявки\)$/);
    ru.unmount();
    renderAt('/en/claim/x', <ClaimSummary claim={claim} status="requoted" unpromised="offer" />);
    expect(screen.getByTestId('claim-receive').textContent).toMatch(/^Under the order’s earlier terms108\.90/);
    expect(screen.getByTestId('claim-rate').textContent).toMatch(/\(the order’s earlier rate\)$/);
    cleanup();
    // A cancelled claim, or one past its window, promises no payout either.
    renderAt('/claim/x', <ClaimSummary claim={claim} status="cancelled" unpromised="cancelled" />);
    expect(screen.getByTestId('claim-receive').textContent).toBe(
      'По условиям заявки108,90 USDTUSDTTRC20Заявка отменена: эта сумма не будет выплачена',
    );
    cleanup();
    renderAt('/en/claim/x', <ClaimSummary claim={claim} status="expired" unpromised="expired" />);
    expect(screen.getByTestId('claim-receive').textContent).toBe(
      'On the order’s terms108.90 USDTUSDTTRC20The payment window has passed: the rate no longer holds',
    );
    expect(screen.getByTestId('claim-receive').querySelector('.text-2xl')).toBeNull();
    // Nor a breakdown ending in a bold "You receive".
    expect(screen.queryByTestId('claim-breakdown')).toBeNull();
    cleanup();
    // Otherwise the summary says what the customer receives, in its largest type.
    renderAt('/en/claim/x', <ClaimSummary claim={claim} status="requoted" />);
    expect(screen.getByTestId('claim-receive').textContent).toMatch(/^You receive108\.90/);
    expect(screen.getByTestId('claim-receive').querySelector('.text-2xl')).not.toBeNull();
  });

  it('lists where a refund goes, masked, while it is asked for or made; not before', () => {
    const refund = {
      ...claim,
      refund: [{ name: 'card', label: 'Номер карты отправителя', value: '5555 •••• •••• 4444' }],
    };
    const ru = renderAt('/claim/x', <ClaimSummary claim={refund} status="refund_requested" />);
    expect(screen.getByTestId('claim-refund-to').textContent).toBe(
      'Реквизиты для возвратаНомер карты отправителя:5555 •••• •••• 4444',
    );
    ru.unmount();
    renderAt('/en/claim/x', <ClaimSummary claim={refund} status="refunded" />);
    expect(screen.getByTestId('claim-refund-to').textContent).toBe(
      'Refund toНомер карты отправителя:5555 •••• •••• 4444',
    );
    cleanup();
    // Only the refund statuses name it (the page's summary is the same component in every status).
    renderAt('/en/claim/x', <ClaimSummary claim={refund} status="processing" />);
    expect(screen.queryByTestId('claim-refund-to')).toBeNull();
  });

  it('promises no payout while the money goes back: what is returned instead of the receive side, no rate or breakdown', () => {
    const refund = {
      ...claim,
      to: { ...claim.to, requisites: [{ name: 'wallet', label: 'Wallet', value: 'TXYZ…9a' }] },
      refund: [{ name: 'card', label: 'Номер карты отправителя', value: '5555 •••• •••• 4444' }],
    };
    const ru = renderAt('/claim/x', <ClaimSummary claim={refund} status="refund_requested" />);
    expect(screen.getByTestId('claim-refund').textContent).toBe(
      'К возврату10\u00a0000,00 RUBSBERRUBЗа вычетом комиссии сети или банка',
    );
    expect(document.body.textContent).not.toContain('Вы получаете');
    expect(screen.queryByTestId('claim-receive')).toBeNull();
    expect(screen.queryByTestId('claim-rate')).toBeNull();
    expect(screen.queryByTestId('claim-breakdown')).toBeNull();
    // Where a payout would have gone is no longer where anything goes; the refund's details are.
    expect(document.body.textContent).not.toContain('Реквизиты для получения');
    expect(screen.getByTestId('claim-refund-to')).toBeTruthy();
    ru.unmount();
    // Refunded from 'processing' without refund details (back to the sender's): the same, in the past tense.
    renderAt('/en/claim/x', <ClaimSummary claim={{ ...refund, refund: null }} status="refunded" />);
    expect(screen.getByTestId('claim-refund').textContent).toContain('Returned10,000.00 RUB');
    expect(document.body.textContent).not.toContain('You receive');
    expect(screen.queryByTestId('claim-refund-to')).toBeNull();
    cleanup();
    for (const status of ['processing', 'requoted', 'completed'] as const) {
      renderAt('/en/claim/x', <ClaimSummary claim={refund} status={status} />);
      expect(screen.getByTestId('claim-receive').textContent, status).toContain('You receive');
      expect(screen.getByTestId('claim-breakdown'), status).toBeTruthy();
      expect(screen.queryByTestId('claim-refund'), status).toBeNull();
      cleanup();
    }
  });
});
