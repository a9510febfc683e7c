// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPaymentDetail } from '../../../../shared/schemas/admin-payment-details.ts';
import { json, stubFetch } from '../../../../tests/helpers/fetch-stub.ts';
import { press } from '../../../../tests/helpers/form-queries.ts';
import { renderInDataRouter } from '../../../../tests/helpers/render-at.tsx';
import { PaymentDetailRow } from './detail-row.tsx';

const fetchMock = stubFetch();

const ton = { id: 3, code: 'TON', name: 'Toncoin', kind: 'crypto', network: 'TON' };
const detail: AdminPaymentDetail = {
  id: 22,
  currency: ton,
  label: { ru: 'Кошелёк TON', en: 'TON wallet' },
  value: 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG',
  holder: null,
  memo: null,
  active: true,
  usageCount: 4,
  lastUsedAt: null,
};

const last = {
  ru: 'Это последние активные реквизиты валюты, по которой открыты направления: без них калькулятор перестанет предлагать эту валюту, а новые заявки в ней будут отклоняться. Подтвердите, если это и нужно.',
  en: 'These are the last active details of a currency with active directions: without them the calculator stops offering it and new orders paying in it are refused. Confirm if that is what you want.',
};

function renderRow(at: '/admin/payment-details' | '/en/admin/payment-details', d: AdminPaymentDetail = detail) {
  const coverage = [{ ...ton, activeDetails: 1, activeDirections: 2, uncovered: false }];
  renderInDataRouter(
    at,
    <ul>
      <PaymentDetailRow detail={d} currencies={coverage} />
    </ul>,
  );
  return screen.getByTestId('payment-detail');
}

const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown);

// The switch button is disabled while its request runs, and Chromium then drops the focus to <body>; happy-dom does
// not, and a click does not focus, so each press here starts from <body>, as the operator's did.
describe('PaymentDetailRow: switching a detail off or on keeps the keyboard by the row', () => {
  it('ru: a plain switch-off says so and leaves the focus on the row’s switch button', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ...detail, active: false }));
    const row = renderRow('/admin/payment-details');
    await press('Выключить');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/admin/payment-details/22/active/');
    expect(within(row).getByRole('status').textContent).toBe('Реквизиты выключены: новые заявки их не получат.');
    expect(document.activeElement?.textContent).toBe('Выключить');
    expect(row.contains(document.activeElement)).toBe(true);
  });

  it('en: switching on keeps the focus on the button too', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ...detail, active: true }));
    const row = renderRow('/en/admin/payment-details', { ...detail, active: false });
    await press('Switch on');
    expect(within(row).getByRole('status').textContent).toBe('Details switched on.');
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Switch on' }));
  });

  it('ru: the last details’ warning takes the focus; «Всё равно выключить» confirms, the focus back on the button', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { detail: last.ru, code: 'payment_details_last' }));
    fetchMock.mockResolvedValueOnce(json(200, { ...detail, active: false }));
    const row = renderRow('/admin/payment-details');
    await press('Выключить');
    const refusal = within(row).getByTestId('payment-detail-refusal');
    expect(refusal.textContent).toBe(last.ru);
    expect(document.activeElement).toBe(refusal);
    // Tab goes on from the message to its two answers.
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Изменить', 'Выключить', 'Всё равно выключить', 'Не выключать']);
    await press('Всё равно выключить');
    expect(bodies()).toEqual([
      { active: false, confirm: false },
      { active: false, confirm: true },
    ]);
    expect(refusal.textContent).toBe('');
    expect(within(row).queryByRole('button', { name: 'Всё равно выключить' })).toBeNull();
    expect(within(row).getByRole('status').textContent).toBe('Реквизиты выключены: новые заявки их не получат.');
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Выключить' }));
  });

  it('en: "Keep it on" dismisses the warning, sends nothing, and gives the focus back to the button', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { detail: last.en, code: 'payment_details_last' }));
    const row = renderRow('/en/admin/payment-details');
    await press('Switch off');
    expect(document.activeElement).toBe(within(row).getByTestId('payment-detail-refusal'));
    await press('Keep it on');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(within(row).getByTestId('payment-detail-refusal').textContent).toBe('');
    expect(within(row).queryByRole('button', { name: 'Switch off anyway' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Keep it on' })).toBeNull();
    expect(within(row).queryByRole('status')).toBeNull();
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Switch off' }));
  });

  it('en: another refusal (no answer) is said by the row with the focus on it, and no confirm is offered', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const row = renderRow('/en/admin/payment-details');
    await press('Switch off');
    const refusal = within(row).getByTestId('payment-detail-refusal');
    expect(refusal.textContent).not.toBe('');
    expect(document.activeElement).toBe(refusal);
    expect(within(row).queryByRole('button', { name: 'Switch off anyway' })).toBeNull();
  });
});
