// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { ConfirmPaid } from './confirm-paid.tsx';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';

const uuid = '07e48773-68da-42d4-b9dc-3e7f66470f53';
const fetchMock = stubFetch();

const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as unknown;

function renderConfirm(url = '/en/claim/x') {
  const onPaid = vi.fn();
  const onRefused = vi.fn();
  renderAt(url, <ConfirmPaid uuid={uuid} onPaid={onPaid} onRefused={onRefused} />);
  return { onPaid, onRefused };
}

/** "I have paid": the step's code loads on the way (as a slow network would have it, not at once). */
async function openStep(name = 'I have paid') {
  fireEvent.click(screen.getByRole('button', { name }));
  await screen.findByTestId('confirm-step');
}

async function confirm() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Yes, I have paid' }));
  });
}

describe('ConfirmPaid', () => {
  it('asks first, then posts the reference the customer typed', async () => {
    const { onPaid } = renderConfirm();
    await openStep();
    expect(fetchMock).not.toHaveBeenCalled();
    const field = screen.getByLabelText('Transaction hash or transfer reference (optional)');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '  0xabc123  ' } });
    fetchMock.mockResolvedValueOnce(json(200, { uuid, status: 'paid' }));
    await confirm();
    expect(fetchMock.mock.calls[0]![0]).toBe(`/en/api/v1/claim/${uuid}/confirm/`);
    expect(sentBody()).toEqual({ txid: '0xabc123' });
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('an empty reference is fine; "Back" closes the step and sends nothing', async () => {
    renderConfirm('/claim/x');
    await openStep('Я оплатил');
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.queryByTestId('confirm-step')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Я оплатил' }));
    fireEvent.click(screen.getByRole('button', { name: 'Я оплатил' }));
    fetchMock.mockResolvedValueOnce(json(200, { uuid, status: 'paid' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Да, я оплатил' }));
    });
    expect(sentBody()).toEqual({ txid: '' });
  });

  it('shows a 400 at the reference field and stays open', async () => {
    const { onPaid, onRefused } = renderConfirm();
    await openStep();
    fetchMock.mockResolvedValueOnce(
      json(400, { txid: ['Enter the payment reference as text of up to 200 characters.'] }),
    );
    await confirm();
    const field = screen.getByLabelText('Transaction hash or transfer reference (optional)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toMatch(
      /up to 200 characters/,
    );
    expect(onPaid).not.toHaveBeenCalled();
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('a 409 says why and lets the page read where the claim is now', async () => {
    const { onRefused } = renderConfirm();
    await openStep();
    fetchMock.mockResolvedValueOnce(json(409, { detail: 'The payment window has expired.', code: 'claim_expired' }));
    await confirm();
    expect(screen.getByRole('alert').textContent).toBe('The payment window has expired.');
    expect(onRefused).toHaveBeenCalledTimes(1);
  });
});
