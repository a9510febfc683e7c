// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { createI18n } from '../../i18n/i18n.ts';
import { resources } from '../../i18n/resources.ts';
import { StatusPanel } from './status-panel.tsx';
import { Timeline } from './timeline.tsx';
import type { ClaimSideView } from './claim-view.ts';
import type { ClaimStatus } from './use-claim-status.ts';

afterEach(cleanup);

/** The panel reads the support address from the root route's data: a data router with a root route. */
function renderEn(ui: ReactElement, locale: 'en' | 'ru' = 'en') {
  const at = locale === 'en' ? '/en/claim/x' : '/claim/x';
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site: { supportEmail: 'help@example.com' } }),
      HydrateFallback: () => null,
      children: [{ path: at.slice(1), Component: () => ui }],
    },
  ]);
  return render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[at]} />
    </I18nextProvider>,
  );
}

const receive: ClaimSideView = {
  currency: {
    code: 'USDTTRC20',
    name: 'Tether',
    symbol: 'USDT',
    decimals: 6,
    network: 'TRC20',
    logo: '',
    kind: 'crypto',
  },
  amount: '105.37',
  requisites: [],
};
/** The claim's own course: 94.90 RUB for 1 USDT, with `receive` its own terms. */
const course = '0.0105378';
const terms = { course, toSumma: receive.amount };
const row = (status: ClaimStatus['status'], extra: Partial<ClaimStatus['history'][number]> = {}) => ({
  status,
  at: '2026-11-22T10:00:00.000Z',
  actor: 'customer' as const,
  reason: null,
  reference: null,
  amounts: null,
  ...extra,
});
const status = (s: ClaimStatus['status'], extra: Partial<ClaimStatus> = {}): ClaimStatus => ({
  uuid: '07e48773-68da-42d4-b9dc-3e7f66470f53',
  status: s,
  message: '',
  expiresAt: '2026-11-22T10:30:00.000Z',
  txid: null,
  offer: null,
  payout: null,
  history: [row('new'), row(s)],
  ...extra,
});

describe('StatusPanel after the window', () => {
  it('a completed claim shows its payout reference linked to the explorer, in a new tab', async () => {
    renderEn(
      <StatusPanel
        status={status('completed', {
          payout: { reference: 'abc123', url: 'https://tronscan.org/#/transaction/abc123' },
        })}
        course={course}
        receive={receive}
      />,
    );
    const link = await screen.findByRole('link', { name: /abc123/ });
    expect(link.getAttribute('href')).toBe('https://tronscan.org/#/transaction/abc123');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    expect(screen.getByTestId('claim-payout').textContent).toMatch(/^Payout reference: abc123/);
  });

  it('a refund without an explorer shows the plain reference', async () => {
    renderEn(
      <StatusPanel
        status={status('refunded', { payout: { reference: 'SBP 77', url: null } })}
        course={course}
        receive={receive}
      />,
    );
    expect((await screen.findByTestId('claim-payout')).textContent).toBe('Refund reference: SBP 77');
    expect(within(screen.getByTestId('claim-payout')).queryByRole('link')).toBeNull();
  });

  it('a refund to the details the customer gave says it went there, not to the sender’s details', async () => {
    renderEn(<StatusPanel status={status('refunded')} course={course} receive={receive} refundTo />, 'ru');
    const text = (await screen.findByTestId('claim-state')).textContent;
    expect(text).toContain('Средства возвращены на реквизиты, которые вы указали для возврата (ниже)');
    expect(text).not.toContain('реквизиты отправителя');
    cleanup();
    renderEn(<StatusPanel status={status('refund_requested')} course={course} receive={receive} refundTo />);
    expect((await screen.findByTestId('claim-state')).textContent).toContain(
      'The operator will send the funds to the refund details you gave (“Refund to” below)',
    );
  });

  it.each([
    ['late_payment', 'Checking your late payment'],
    ['requoted', 'New rate offered'],
    ['refund_requested', 'Preparing your refund'],
  ] as const)('%s has its own title', async (s, title) => {
    renderEn(<StatusPanel status={status(s)} course={course} receive={receive} />);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe(title);
  });

  it('an offer on the claim’s own terms does not say the rate changed (decision 0025)', async () => {
    const offer = (toSumma: string) => ({ course: '0.0105378', toSumma, validUntil: '2026-11-22T11:00:00.000Z' });
    const changed = renderEn(
      <StatusPanel
        status={status('requoted', { offer: { ...offer('100'), droppedPromocode: null, promocodeOnly: false } })}
        course={course}
        receive={receive}
      />,
    );
    expect((await screen.findByTestId('claim-state')).textContent).toContain(
      'The rate changed while your payment was on its way.',
    );
    changed.unmount();
    renderEn(
      <StatusPanel
        status={status('requoted', { offer: { ...offer('105.370000'), droppedPromocode: null, promocodeOnly: false } })}
        course={course}
        receive={receive}
      />,
    );
    const same = (await screen.findByTestId('claim-state')).textContent;
    expect(same).toContain('The operator found your payment. The terms are unchanged');
    expect(same).not.toContain('rate changed');
    // Nor is it headed as a new rate: the customer is asked to confirm the order, as its letter asks.
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Confirm your order');
  });

  it('an offer that only left out a promocode no longer valid says so, not that the rate changed', async () => {
    const offer = (promocodeOnly: boolean) => ({
      course: '0.0100109',
      toSumma: '100.10',
      validUntil: '2026-11-22T11:00:00.000Z',
      droppedPromocode: 'ONE-USE',
      promocodeOnly,
    });
    const panel = (promocodeOnly: boolean, locale: 'en' | 'ru' = 'en') =>
      renderEn(
        <StatusPanel status={status('requoted', { offer: offer(promocodeOnly) })} course={course} receive={receive} />,
        locale,
      );
    panel(true);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('New rate without your promocode');
    const text = screen.getByTestId('claim-state').textContent;
    expect(text).toContain('The market rate has not changed, but your promocode no longer applies');
    expect(text).not.toContain('rate changed');
    cleanup();
    panel(true, 'ru');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Новый курс без промокода');
    expect(screen.getByTestId('claim-state').textContent).not.toContain('Курс изменился');
    cleanup();
    // The rate moved as well: that is still news, and the offer panel names the dropped code beside it.
    panel(false);
    expect((await screen.findByTestId('claim-state')).textContent).toContain(
      'The rate changed while your payment was on its way.',
    );
  });

  it.each([
    ['the claim’s own terms', '105.370000', 'Confirm your order'],
    ['a new rate', '100', 'New rate offered'],
  ])('an offer of %s past its time says it lapsed, not to confirm or accept (en, ru)', async (_, toSumma, live) => {
    const requoted = status('requoted', {
      offer: {
        course: '0.0105378',
        toSumma,
        validUntil: '2026-11-22T11:00:00.000Z',
        droppedPromocode: null,
        promocodeOnly: false,
      },
    });
    const panel = (offerLapsed: boolean, locale: 'en' | 'ru' = 'en') =>
      renderEn(<StatusPanel status={requoted} course={course} receive={receive} offerLapsed={offerLapsed} />, locale);
    panel(false);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe(live);
    cleanup();
    panel(true);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('The offer has expired');
    const text = screen.getByTestId('claim-state').textContent;
    expect(text).toContain('It can no longer be accepted. The operator may make a new offer or return the money');
    expect(text).not.toMatch(/confirm them|Accept the new rate|rate changed/);
    cleanup();
    panel(true, 'ru');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Срок предложения истёк');
    const ru = screen.getByTestId('claim-state').textContent;
    expect(ru).toContain('Принять предложение уже нельзя. Оператор может сделать новое или вернуть средства');
    expect(ru).not.toMatch(/подтвердите|Примите/);
  });

  it('the same amount at another course is a new rate, as the letter says (shared sameTerms: course and amount)', async () => {
    renderEn(
      <StatusPanel
        status={status('requoted', {
          offer: {
            course: '0.0106',
            toSumma: '105.37',
            validUntil: '2026-11-22T11:00:00.000Z',
            droppedPromocode: null,
            promocodeOnly: false,
          },
        })}
        course={course}
        receive={receive}
      />,
    );
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('New rate offered');
    expect(screen.getByTestId('claim-state').textContent).toContain(
      'The rate changed while your payment was on its way.',
    );
  });

  it('what the customer can do takes the place of the panel’s own links', async () => {
    renderEn(
      <StatusPanel status={status('expired')} course={course} receive={receive}>
        <p>late form</p>
      </StatusPanel>,
    );
    expect(await screen.findByText('late form')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create a new order' })).toBeNull();
  });
});

describe('the paid panel', () => {
  const text = async () => (await screen.findByTestId('claim-state')).textContent;

  it('says the customer marked it paid only when they did: not after an operator moved it from hold to paid', async () => {
    // Held straight from new by an operator, then moved on to paid by one: nobody pressed "I have paid".
    const byOperator = status('paid', {
      history: [row('new'), row('hold', { actor: 'operator', reason: 'Checking' }), row('paid', { actor: 'operator' })],
    });
    const en = renderEn(<StatusPanel status={byOperator} course={course} receive={receive} />);
    expect(await text()).toContain('Checking your payment');
    expect(await text()).toContain('We are checking the payment, usually 5–30 minutes.');
    expect(await text()).not.toContain('You have marked');
    en.unmount();
    const ru = renderEn(<StatusPanel status={byOperator} course={course} receive={receive} />, 'ru');
    expect(await text()).toContain('Мы проверяем поступление средств, обычно это 5–30 минут.');
    expect(await text()).not.toContain('Вы отметили оплату');
    ru.unmount();

    // The customer's own "I have paid" before the hold still counts.
    const marked = status('paid', {
      history: [row('new'), row('paid'), row('hold', { actor: 'operator' }), row('paid', { actor: 'operator' })],
    });
    renderEn(<StatusPanel status={marked} course={course} receive={receive} />);
    expect(await text()).toContain('You have marked the order as paid.');
  });
});

/** A late payment, the operator's offer of `offered`, and the customer accepting it (replacing the claim's terms). */
async function accepted(offered: { course: string; toSumma: string }, locale: 'en' | 'ru' = 'en') {
  renderEn(
    <Timeline
      terms={terms}
      currencies={{ from: { symbol: 'RUB', decimals: 2 }, to: { symbol: 'USDT', decimals: 6 } }}
      history={[
        row('new', { reason: 'created' }),
        row('expired', { actor: 'system', reason: 'payment window passed' }),
        row('late_payment', { reason: 'customer paid late', reference: 'SBP A123' }),
        row('requoted', { actor: 'operator', amounts: offered }),
        row('processing', { reason: 'customer accepted the offer', amounts: { course, toSumma: '105.37' } }),
      ]}
    />,
    locale,
  );
  const items = within(await screen.findByTestId('claim-timeline')).getAllByRole('listitem');
  return { items, offer: items[3]!, acceptance: items[4]!, badge: items[3]!.querySelector('[data-status]')! };
}

describe('Timeline after the window', () => {
  it('shows each step’s reference, an offer’s terms and the terms an acceptance replaced', async () => {
    const { items, offer, acceptance } = await accepted({ course: '0.01', toSumma: '100' });
    expect(items[2]!.textContent).toMatch(/You: Reported a payment after the deadlineReference: SBP A123$/);
    expect(within(offer).getByTestId('timeline-amounts').textContent).toBe(
      'Rate 100.00\u00a0RUB = 1\u00a0USDT, you receive 100.00\u00a0USDT',
    );
    expect(within(acceptance).getByTestId('timeline-amounts').textContent).toBe(
      'Replaced terms: rate 94.90\u00a0RUB = 1\u00a0USDT, 105.37\u00a0USDT',
    );
    expect(acceptance.textContent).toMatch(/New rate accepted/);
  });
});

describe('Timeline of an offer on the claim’s own terms', () => {
  it('en: the re-quote is named as the confirmation it asks for, its acceptance as a confirmation replacing nothing', async () => {
    // The offer's numeric scale: the same figures written longer.
    const { badge, acceptance } = await accepted({ course: '0.010537800', toSumma: '105.370000' }, 'en');
    expect(badge.textContent).toBe('Confirm your order');
    expect(badge.getAttribute('data-status')).toBe('requoted');
    expect(acceptance.textContent).toContain('You: Order confirmed on the same terms');
    expect(acceptance.textContent).not.toMatch(/New rate|Replaced terms/);
    expect(within(acceptance).queryByTestId('timeline-amounts')).toBeNull();
  });

  it('ru: the same; a new rate accepted after the page still held the old terms stays a new rate', async () => {
    const same = await accepted({ course, toSumma: '105.37' }, 'ru');
    expect(same.badge.textContent).toBe('Подтвердите заявку');
    expect(same.acceptance.textContent).toContain('Вы: Заявка подтверждена на прежних условиях');
    cleanup();
    // The acceptance of a new rate, read before the page's claim has its new terms: the history alone decides.
    const moved = await accepted({ course: '0.01', toSumma: '100' }, 'ru');
    expect(moved.badge.textContent).toBe('Новый курс');
    expect(moved.acceptance.textContent).toContain('Вы: Новый курс принят');
    expect(within(moved.acceptance).getByTestId('timeline-amounts').textContent).toMatch(/^Прежние условия/);
  });
});

describe('Timeline references', () => {
  const history = [
    row('paid', { reference: 'P-1' }),
    row('completed', { actor: 'operator', reference: 'TX-2' }),
    row('refunded', { actor: 'operator', reference: 'R-3' }),
  ];
  const units = { from: { symbol: 'RUB', decimals: 2 }, to: { symbol: 'USDT', decimals: 6 } };

  it('ru: the customer’s payment, the operator’s payout and refund, in the status panel’s words', async () => {
    renderEn(<Timeline terms={terms} currencies={units} history={history} />, 'ru');
    await screen.findByTestId('claim-timeline');
    expect(screen.getAllByTestId('timeline-reference').map((p) => p.textContent)).toEqual([
      'Номер платежа: P-1',
      'Номер выплаты: TX-2',
      'Номер возврата: R-3',
    ]);
  });

  it('en: the same three names', async () => {
    renderEn(<Timeline terms={terms} currencies={units} history={history} />);
    await screen.findByTestId('claim-timeline');
    expect(screen.getAllByTestId('timeline-reference').map((p) => p.textContent)).toEqual([
      'Reference: P-1',
      'Payout reference: TX-2',
      'Refund reference: R-3',
    ]);
  });
});

describe('free text on a phone', () => {
  it('a long unbroken hold reason wraps anywhere, in the panel and in the timeline', async () => {
    const reason = 'x'.repeat(500);
    const held = status('hold', { history: [row('new'), row('hold', { actor: 'operator', reason })] });
    renderEn(
      <>
        <StatusPanel status={held} course={course} receive={receive} />
        <Timeline
          terms={terms}
          currencies={{ from: { symbol: 'RUB', decimals: 2 }, to: { symbol: 'USDT', decimals: 6 } }}
          history={held.history}
        />
      </>,
    );
    expect((await screen.findByTestId('claim-reason')).className).toContain('[overflow-wrap:anywhere]');
    for (const p of screen.getAllByTestId('timeline-reason')) expect(p.className).toContain('[overflow-wrap:anywhere]');
  });
});
