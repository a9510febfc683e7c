// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../../i18n/i18n.ts';
import { resources } from '../../i18n/resources.ts';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { WithdrawalForm } from './withdrawal-form.tsx';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';

const fetchMock = stubFetch();

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' ');

const limits = { balance: '40.00', minWithdrawal: '10.00' };
const withdrawal = {
  id: 7,
  amount: '12.5',
  requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  status: 'pending',
  reference: null,
  reason: null,
};

function renderForm(onCreated = vi.fn(), at = '/en/account/referrer', balance = limits.balance) {
  renderAt(at, <WithdrawalForm limits={{ ...limits, balance }} currency="USDT" onCreated={onCreated} />);
  return onCreated;
}
const submit = () => fireEvent.submit(screen.getByTestId('withdrawal-form'));

describe('WithdrawalForm', () => {
  it('checks the amount and the details before calling the server, and clears a message on typing', async () => {
    renderForm();
    fireEvent.change(field('Amount, USDT'), { target: { value: '40.01' } });
    submit();
    expect(describedText(field('Amount, USDT'))).toBe(
      'The amount is more than the available balance (40.00\u00a0USDT).',
    );
    expect(describedText(field('Payout details'))).toBe('This field is required.');
    fireEvent.change(field('Amount, USDT'), { target: { value: '5' } });
    expect(field('Amount, USDT').getAttribute('aria-invalid')).toBeNull();
    // The first check has finished (submits are ignored while one runs).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request a withdrawal' })).toBeTruthy());
    submit();
    expect(describedText(field('Amount, USDT'))).toBe('The minimum amount is 10.00\u00a0USDT.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ru: payout details that are not a TRC20 address get the API’s field message and nothing is sent', async () => {
    renderForm(vi.fn(), '/account/referrer');
    fireEvent.change(field('Сумма, USDT'), { target: { value: '13,37' } });
    fireEvent.change(field('Реквизиты для выплаты'), { target: { value: 'TXYZ' } });
    submit();
    expect(describedText(field('Реквизиты для выплаты'))).toBe('Введите правильный адрес в сети TRC20.');
    expect(field('Сумма, USDT').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('en: the server’s own address message shows under the field', async () => {
    const message = 'Enter a valid TRC20 address.';
    fetchMock.mockResolvedValueOnce(json(400, { requisites: [message] }));
    renderForm();
    fireEvent.change(field('Amount, USDT'), { target: { value: '12' } });
    fireEvent.change(field('Payout details'), { target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' } });
    submit();
    await waitFor(() => expect(describedText(field('Payout details'))).toBe(message));
  });

  it('"All of it" fills in the balance', () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'All of it' }));
    expect(field('Amount, USDT').value).toBe('40.00');
  });

  it('ru: "Вся сумма" writes the balance with a decimal comma', () => {
    renderForm(vi.fn(), '/account/referrer');
    fireEvent.click(screen.getByRole('button', { name: 'Вся сумма' }));
    expect(field('Сумма, USDT').value).toBe('40,00');
  });

  it('posts the decimal string with an Idempotency-Key, once however often it is pressed, and reports success', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const onCreated = renderForm();
    fireEvent.change(field('Amount, USDT'), { target: { value: '12.5' } });
    fireEvent.change(field('Payout details'), { target: { value: ' TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7 ' } });
    submit();
    submit();
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/en/api/v1/users/me/refferal/withdrawal/');
    expect(JSON.parse(init!.body as string)).toEqual({
      amount: '12.5',
      requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    });
    const key = (init!.headers as Record<string, string>)['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    answer(json(201, withdrawal));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(withdrawal));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('en: a comma groups thousands ("1,500.50" posts 1500.50) and is refused anywhere else, with a hint', async () => {
    fetchMock.mockResolvedValue(json(201, withdrawal));
    renderForm(vi.fn(), '/en/account/referrer', '5000.00');
    fireEvent.change(field('Amount, USDT'), { target: { value: '1,5' } });
    fireEvent.change(field('Payout details'), { target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' } });
    submit();
    expect(describedText(field('Amount, USDT'))).toContain(
      'A comma only groups thousands (1,500.50); write decimals after a point (1.5).',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(field('Amount, USDT'), { target: { value: '1,500.50' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request a withdrawal' })).toBeTruthy());
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      amount: '1500.50',
      requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    });
  });

  it('ru: a comma is the decimal mark and spaces group ("1 500,5" posts 1500.5)', async () => {
    fetchMock.mockResolvedValue(json(201, withdrawal));
    renderForm(vi.fn(), '/account/referrer', '5000.00');
    fireEvent.change(field('Сумма, USDT'), { target: { value: '1 500,5' } });
    fireEvent.change(field('Реквизиты для выплаты'), { target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' } });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      amount: '1500.5',
      requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    });
  });

  it('shows the server’s field errors under the fields; a resend of the same request keeps its key', async () => {
    fetchMock
      .mockResolvedValueOnce(json(400, { amount: ['The amount is more than the available balance (3.00).'] }))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(json(201, withdrawal));
    const onCreated = renderForm();
    fireEvent.change(field('Amount, USDT'), { target: { value: '12' } });
    fireEvent.change(field('Payout details'), { target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' } });
    submit();
    await waitFor(() =>
      expect(describedText(field('Amount, USDT'))).toBe('The amount is more than the available balance (3.00).'),
    );
    // The connection fails: the same request goes again with the same key (the server may have it already).
    fireEvent.change(field('Amount, USDT'), { target: { value: '11' } });
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''));
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const keys = fetchMock.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });
});

/**
 * The amount field writes a figure the customer is not typing in as the calculator's do, grouped as the page writes
 * figures ("1 500,50", "1,500.50": docs/product/behaviour.md), and plain while they are in it; what is checked and sent
 * stays the decimal with a point.
 */
describe('WithdrawalForm: the amount grouped while the customer is not in the field', () => {
  const payout = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
  const typeAmount = async (label: string, value: string) => {
    await act(async () => field(label).focus());
    fireEvent.change(field(label), { target: { value } });
  };
  /** Types `value` into the field and leaves it: the field as the customer then sees it. */
  const typeAndLeave = async (label: string, value: string) => {
    await typeAmount(label, value);
    act(() => field(label).blur());
    return field(label);
  };

  it('ru: typed plain, grouped with a no-break space on leaving, plain again on focus, and sent as a decimal', async () => {
    fetchMock.mockResolvedValue(json(201, withdrawal));
    renderForm(vi.fn(), '/account/referrer', '50000.00');
    const amount = field('Сумма, USDT');
    await typeAmount('Сумма, USDT', '25000,5');
    expect(amount.value).toBe('25000,5');
    act(() => amount.blur());
    expect(amount.value).toBe('25\u00a0000,5');
    for (let round = 0; round < 2; round++) {
      await act(async () => amount.focus());
      expect(amount.value).toBe('25000,5');
      act(() => amount.blur());
      expect(amount.value).toBe('25\u00a0000,5');
    }
    fireEvent.change(field('Реквизиты для выплаты'), { target: { value: payout } });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ amount: '25000.5', requisites: payout });
  });

  it('en: the same digits stay selected when the focus ungroups the figure', async () => {
    renderForm(vi.fn(), '/en/account/referrer', '50000.00');
    const amount = await typeAndLeave('Amount, USDT', '12345.67');
    expect(amount.value).toBe('12,345.67');
    // "345" selected in the grouped figure is "345" of the plain one.
    await act(async () => {
      amount.focus();
      amount.setSelectionRange(3, 6);
    });
    expect(amount.value).toBe('12345.67');
    expect(amount.value.slice(amount.selectionStart!, amount.selectionEnd!)).toBe('345');
  });

  it('en: a figure the customer grouped themselves is plain while focused and reads as the same amount', async () => {
    fetchMock.mockResolvedValue(json(201, withdrawal));
    renderForm(vi.fn(), '/en/account/referrer', '5000.00');
    const amount = await typeAndLeave('Amount, USDT', '1,500.50');
    expect(amount.value).toBe('1,500.50');
    await act(async () => amount.focus());
    expect(amount.value).toBe('1500.50');
    fireEvent.change(field('Payout details'), { target: { value: payout } });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ amount: '1500.50', requisites: payout });
  });

  it('"All of it" writes the balance grouped, as the hint beside it', () => {
    renderForm(vi.fn(), '/account/referrer', '1250.00');
    fireEvent.click(screen.getByRole('button', { name: 'Вся сумма' }));
    expect(field('Сумма, USDT').value).toBe('1\u00a0250,00');
  });

  it('a refused amount stays as typed under its message; a refusal focuses the field, plain, its message kept', async () => {
    renderForm(vi.fn(), '/en/account/referrer', '5000.00');
    const amount = await typeAndLeave('Amount, USDT', '1,5');
    expect(amount.value).toBe('1,5');
    await typeAndLeave('Amount, USDT', '25000');
    expect(amount.value).toBe('25,000');
    await act(async () => submit());
    await waitFor(() => expect(document.activeElement).toBe(field('Amount, USDT')));
    expect(field('Amount, USDT').value).toBe('25000');
    expect(describedText(field('Amount, USDT'))).toBe(
      'The amount is more than the available balance (5,000.00\u00a0USDT).',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('en: a comma the form refuses ("1,5", "10000,55") stays as typed when the refusal focuses the field, and after', async () => {
    renderForm(vi.fn(), '/en/account/referrer', '50000.00');
    for (const typed of ['1,5', '10000,55']) {
      const amount = await typeAndLeave('Amount, USDT', typed);
      await act(async () => submit());
      await waitFor(() => expect(document.activeElement).toBe(field('Amount, USDT')));
      // The focus once took the comma for a group sign and dropped it: "15", "1000055" under the comma's hint.
      expect(field('Amount, USDT').value).toBe(typed);
      expect(describedText(field('Amount, USDT'))).toBe(
        'A comma only groups thousands (1,500.50); write decimals after a point (1.5).',
      );
      act(() => amount.blur());
      expect(field('Amount, USDT').value).toBe(typed);
      await act(async () => amount.focus());
      expect(field('Amount, USDT').value).toBe(typed);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an amount typed before the page’s code arrived, still being typed, stays plain under the caret', async () => {
    const page = (
      <I18nextProvider i18n={createI18n('en', resources.en)}>
        <MemoryRouter initialEntries={['/en/account/referrer']}>
          <WithdrawalForm limits={{ ...limits, balance: '5000.00' }} currency="USDT" onCreated={vi.fn()} />
        </MemoryRouter>
      </I18nextProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const typed = container.querySelector('input')!;
    typed.value = '1500';
    typed.focus();
    await act(async () => {
      render(page, { container, hydrate: true });
    });
    expect(field('Amount, USDT')).toBe(typed);
    expect(typed.value).toBe('1500');
    act(() => typed.blur());
    expect(typed.value).toBe('1,500');
  });
});
