// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { input, installFormServer, renderForm } from '../../../tests/helpers/exchange-form-kit.tsx';

installFormServer();

const lines = () =>
  Object.fromEntries(
    [...screen.getByTestId('breakdown').querySelectorAll('[data-part]')].map((row) => [
      row.getAttribute('data-part'),
      row.textContent,
    ]),
  );

describe('the calculator’s price breakdown', () => {
  it('is a closed disclosure on a phone that opens on request (always open from the sm width up)', () => {
    renderForm();
    const toggle = screen.getByRole('button', { name: 'How the amount is made up' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    // Hidden on a phone, shown by the sm: breakpoint, where the toggle itself is hidden.
    expect(panel.className.split(' ')).toEqual(expect.arrayContaining(['hidden', 'sm:block']));
    expect(toggle.className.split(' ')).toContain('sm:hidden');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className.split(' ')).not.toContain('hidden');
    fireEvent.click(toggle);
    expect(panel.className.split(' ')).toContain('hidden');
  });

  it('lists the market amount, the markup and what is received, following the amount typed', () => {
    renderForm();
    const panel = screen.getByTestId('breakdown');
    // The course as every page writes it: what one USDT costs when one RUB buys less than half a USDT.
    // The source by the name a customer knows it by, not the direction's setting (binance:USDTRUB).
    expect(panel.textContent).toContain('Market rate 80.00\u00a0RUB = 1\u00a0USDT, source: Binance');
    // 1 000 RUB at 0.0125 is 12.50 USDT; the 16% markup keeps 2.00; 10.50 is what the form says is received.
    expect(lines()).toEqual({
      market: 'At the market rate12.50\u00a0USDT',
      markup: 'Exchange markup 16%\u22122.00\u00a0USDT',
      receive: 'You receive10.50\u00a0USDT',
    });
    // In the visitor's zone, named (the test runs in UTC).
    expect(panel.textContent).toContain('Rate updated Nov 22, 2026, 08:00 (UTC)');
    expect(panel.textContent).toContain('The rate is fixed for 30 min once the order is created');

    fireEvent.change(input('fromSumma'), { target: { value: '1500.5' } });
    expect(input('toSumma').value).toBe('15.75');
    expect(lines()).toMatchObject({
      market: 'At the market rate18.75\u00a0USDT',
      receive: 'You receive15.75\u00a0USDT',
    });
  });
});
