// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import type { ClaimView } from './claim-view.ts';
import { OfferPanel } from './offer-panel.tsx';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';
import { formatCourse } from '../../../shared/format.ts';

const uuid = '07e48773-68da-42d4-b9dc-3e7f66470f53';
const now = Date.parse('2026-11-22T10:00:00.000Z');
const fetchMock = stubFetch();
afterEach(() => vi.useRealTimers());

const currency = (code: string, symbol: string) => ({
  code,
  name: code,
  symbol,
  decimals: symbol === 'USDT' ? 6 : 2,
  network: null,
  logo: '',
  kind: 'card' as const,
});
const claim: ClaimView = {
  uuid,
  createdAt: '2026-11-22T08:00:00.000Z',
  email: 'a•••@example.com',
  from: { currency: currency('SBERRUB', 'RUB'), amount: '10000', requisites: [] },
  to: { currency: currency('USDTTRC20', 'USDT'), amount: '105.37', requisites: [] },
  course: '0.0105378',
  rate: formatCourse('0.0105378', { symbol: 'RUB' }, { symbol: 'USDT' }, 'en'),
  breakdown: null,
  droppedPromocode: null,
  refund: null,
  payment: { amount: '10000', currency: currency('SBERRUB', 'RUB'), details: null, notice: null },
  refundInputs: [{ name: 'card', label: 'Card number', kind: 'card', required: true, example: '4276 3800 1234 5675' }],
};
const offer = {
  course: '0.01',
  toSumma: '100',
  validUntil: new Date(now + 20 * 60_000).toISOString(),
  droppedPromocode: null as string | null,
  promocodeOnly: false,
};

function renderOffer(o = offer) {
  const onAnswered = vi.fn();
  const onRefresh = vi.fn();
  const onLapse = vi.fn();
  renderAt(
    '/en/claim/x',
    <OfferPanel
      claim={claim}
      offer={o}
      serverNow={now}
      onAnswered={onAnswered}
      onRefresh={onRefresh}
      onLapse={onLapse}
    />,
  );
  return { onAnswered, onRefresh, onLapse };
}

describe('OfferPanel', () => {
  it('shows the original terms beside the offer and the time it holds', () => {
    vi.useFakeTimers({ now });
    renderOffer();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    // Written as the calculator writes them (shared/format.ts): no-break spaces before the units.
    expect(rows[1]!.textContent).toBe('Rate94.90\u00a0RUB = 1\u00a0USDT100.00\u00a0RUB = 1\u00a0USDT');
    expect(rows[2]!.textContent).toBe('You receive105.37\u00a0USDT100.00\u00a0USDT');
    expect(screen.getByRole('timer', { name: 'Offer valid for' }).textContent).toBe('20:00');
    expect(screen.getByRole('button', { name: 'Accept the new rate' })).toBeTruthy();
  });

  it('an offer on the claim’s own terms is confirmed, not accepted as a new rate', () => {
    vi.useFakeTimers({ now });
    renderOffer({ ...offer, course: '0.0105378', toSumma: '105.370000' });
    expect(screen.getByTestId('offer-accept').textContent).toBe('Confirm the order');
    expect(screen.queryByRole('button', { name: 'Accept the new rate' })).toBeNull();
  });

  it('the same amount at another course is a new rate (course and amount, as the letter and the status panel)', () => {
    vi.useFakeTimers({ now });
    renderOffer({ ...offer, course: '0.0106', toSumma: '105.37' });
    expect(screen.getByTestId('offer-accept').textContent).toBe('Accept the new rate');
  });

  it('strikes only what changed: a value the offer keeps is shown once, marked unchanged', () => {
    vi.useFakeTimers({ now });
    // The course kept, the amount changed (e.g. the receive side's fee moved).
    renderOffer({ ...offer, course: '0.010537800', toSumma: '104.9' });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[0]!.textContent).toBe('TermWasNew');
    expect(rows[1]!.textContent).toBe('Rate94.90\u00a0RUB = 1\u00a0USDT (unchanged)');
    expect(rows[1]!.querySelector('.line-through')).toBeNull();
    expect(rows[2]!.textContent).toBe('You receive105.37\u00a0USDT104.90\u00a0USDT');
    expect(within(rows[2]!).getByTestId('offer-receive-was').className).toContain('line-through');
    expect(screen.getByTestId('offer-receive').textContent).toBe('104.90\u00a0USDT');
  });

  it('an offer on the claim’s own terms has nothing struck and nothing to compare: the order’s terms, unchanged', () => {
    vi.useFakeTimers({ now });
    renderOffer({ ...offer, course: '0.0105378', toSumma: '105.370000' });
    const table = screen.getByRole('table');
    expect(table.querySelector('.line-through')).toBeNull();
    expect(within(table).queryByRole('columnheader')).toBeNull();
    expect(table.querySelector('caption')!.textContent).toBe(
      'Your order’s terms: the terms of the exchange are unchanged',
    );
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Rate94.90\u00a0RUB = 1\u00a0USDT (unchanged)', 'You receive105.37\u00a0USDT (unchanged)']);
    // The figure alone, as the journeys read it.
    expect(screen.getByTestId('offer-receive').textContent).toBe('105.37\u00a0USDT');
  });

  it('says when the offer leaves out the claim’s promocode, and nothing when it kept it', () => {
    vi.useFakeTimers({ now });
    renderOffer();
    expect(screen.queryByTestId('offer-promocode-dropped')).toBeNull();
    renderOffer({ ...offer, droppedPromocode: 'ONE-USE' });
    expect(screen.getByTestId('offer-promocode-dropped').textContent).toBe(
      'The promocode ONE-USE does not apply to the new rate: it is no longer valid (used up or expired).',
    );
  });

  it('fits a phone: one column that may shrink, the table scrolling inside the card', () => {
    vi.useFakeTimers({ now });
    renderOffer();
    const scroll = screen.getByTestId('offer-table-scroll');
    expect(scroll.contains(screen.getByRole('table'))).toBe(true);
    expect(scroll.className.split(' ')).toEqual(expect.arrayContaining(['min-w-0', 'overflow-x-auto']));
    // Without an explicit shrinkable column the grid's single track is as wide as the table and the timer.
    expect(scroll.parentElement!.className.split(' ')).toContain('grid-cols-[minmax(0,1fr)]');
  });

  it('Accept posts /accept/ and hands the answer to the page', async () => {
    const { onAnswered } = renderOffer();
    fetchMock.mockResolvedValueOnce(json(200, { uuid, status: 'processing' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept the new rate' }));
    });
    expect(fetchMock.mock.calls[0]![0]).toBe(`/en/api/v1/claim/${uuid}/accept/`);
    expect(onAnswered).toHaveBeenCalledWith('accept');
  });

  it('a refund asks for the send side’s requisites and shows `requisites.<name>` errors at their field', async () => {
    const { onAnswered } = renderOffer();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a refund' }));
    const card = screen.getByLabelText('Card number');
    expect(document.activeElement).toBe(card);
    expect(card.getAttribute('placeholder')).toBe('4276 3800 1234 5675');
    fireEvent.change(card, { target: { value: '1234' } });
    fetchMock.mockResolvedValueOnce(json(400, { 'requisites.card': ['Enter a valid card number.'] }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Request the refund' }));
    });
    expect(fetchMock.mock.calls[0]![0]).toBe(`/en/api/v1/claim/${uuid}/refund/`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ requisites: { card: '1234' } });
    expect(card.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(card.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a valid card number.',
    );

    fetchMock.mockResolvedValueOnce(json(200, { uuid, status: 'refund_requested' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Request the refund' }));
    });
    expect(onAnswered).toHaveBeenCalledWith('refund');
  });

  it('an offer past its time cannot be accepted: the page is told (its badge and status panel say so); a refund can still be asked for', () => {
    const validUntil = new Date(now - 1000).toISOString();
    const { onLapse } = renderOffer({ ...offer, validUntil });
    expect(onLapse).toHaveBeenCalledWith(validUntil);
    expect(screen.queryByRole('button', { name: 'Accept the new rate' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ask for a refund' })).toBeTruthy();
  });

  it('an offer whose countdown runs out while the page is open tells the page, and Accept goes', () => {
    vi.useFakeTimers({ now });
    const { onLapse } = renderOffer();
    expect(onLapse).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(20 * 60_000 + 1000);
    });
    expect(onLapse).toHaveBeenCalledWith(offer.validUntil);
    expect(screen.queryByRole('button', { name: 'Accept the new rate' })).toBeNull();
  });

  it('a 409 on accept (the offer lapsed meanwhile) shows the message, hides Accept and reads the status again', async () => {
    const { onRefresh, onLapse } = renderOffer();
    fetchMock.mockResolvedValueOnce(json(409, { detail: 'The offer has expired.', code: 'claim_offer_expired' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept the new rate' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('The offer has expired.');
    expect(screen.queryByRole('button', { name: 'Accept the new rate' })).toBeNull();
    expect(onLapse).toHaveBeenCalledWith(offer.validUntil);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
