// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { LatePayment } from './late-payment.tsx';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';

const uuid = '07e48773-68da-42d4-b9dc-3e7f66470f53';
const fetchMock = stubFetch();

function renderLate(url = '/en/claim/x') {
  const onSent = vi.fn();
  const onRefused = vi.fn();
  renderAt(url, <LatePayment uuid={uuid} onSent={onSent} onRefused={onRefused} />);
  return { onSent, onRefused };
}
const send = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Report the payment' }));
  });

describe('LatePayment', () => {
  it('offers a new claim beside "I already paid", which posts the reference and the comment to /late/', async () => {
    const { onSent } = renderLate();
    expect(screen.getByRole('link', { name: 'Create a new order' }).getAttribute('href')).toBe('/en');
    fireEvent.click(screen.getByRole('button', { name: 'I already paid' }));
    fireEvent.change(screen.getByLabelText('Transaction hash or transfer reference (optional)'), {
      target: { value: 'SBP A123' },
    });
    fireEvent.change(screen.getByLabelText('Comment for the operator (optional)'), {
      target: { value: 'Paid at 14:05\nfrom my Sber card' },
    });
    fetchMock.mockResolvedValueOnce(json(200, { uuid, status: 'late_payment' }));
    await send();
    expect(fetchMock.mock.calls[0]![0]).toBe(`/en/api/v1/claim/${uuid}/late/`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      txid: 'SBP A123',
      comment: 'Paid at 14:05\nfrom my Sber card',
    });
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('shows field errors at their fields', async () => {
    const { onSent } = renderLate();
    fireEvent.click(screen.getByRole('button', { name: 'I already paid' }));
    fetchMock.mockResolvedValueOnce(json(400, { comment: ['At most 1000 characters.'] }));
    await send();
    const comment = screen.getByLabelText('Comment for the operator (optional)');
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(comment.getAttribute('aria-describedby')!)?.textContent).toBe(
      'At most 1000 characters.',
    );
    expect(document.activeElement).toBe(comment);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('a 409 shows the catalogue message and reads the status again', async () => {
    const { onRefused } = renderLate('/claim/x');
    fireEvent.click(screen.getByRole('button', { name: 'Я уже оплатил' }));
    fetchMock.mockResolvedValueOnce(json(409, { detail: 'Заявка не просрочена.', code: 'claim_not_expired' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сообщить об оплате' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Заявка не просрочена.');
    expect(onRefused).toHaveBeenCalledTimes(1);
  });
});
