// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteLine } from '../../../shared/exchange/quote.ts';
import type { Locale } from '../../../shared/locales.ts';
import { BreakdownList } from './breakdown-list.tsx';

afterEach(cleanup);

const lines: QuoteLine[] = [
  { part: 'market', amount: '5284.95' },
  { part: 'markup', amount: '-132.12', percent: '2.5' },
  { part: 'receive', amount: '5152.83' },
];

function renderList(locale: Locale, reader?: 'customer' | 'staff', source = 'binance:USDTRUB') {
  render(
    <BreakdownList
      quote={{ source, rate: '95.09', updatedAt: '2026-11-28T09:00:00Z' }}
      lines={lines}
      from={{ symbol: 'USDT', decimals: 6 }}
      to={{ symbol: 'RUB', decimals: 2 }}
      locale={locale}
      timeZone="Europe/Moscow"
      reader={reader}
    />,
  );
  return screen.getByTestId('breakdown').querySelector('[data-part="receive"] dt')!.textContent;
}

describe('the breakdown’s words by reader', () => {
  it('speaks to the customer on their pages', () => {
    expect(renderList('ru')).toBe('Вы получите');
    cleanup();
    expect(renderList('en')).toBe('You receive');
  });

  it('speaks about the customer in the console', () => {
    expect(renderList('ru', 'staff')).toBe('Клиент получит');
    cleanup();
    expect(renderList('en', 'staff')).toBe('Customer receives');
    // The other lines are the same for everyone.
    expect(screen.getByTestId('breakdown').textContent).toContain('Exchange markup 2.5%');
  });

  it('names the rate source as customers know it, and as the direction is set for staff', () => {
    const rateLine = () => screen.getByTestId('breakdown').querySelector('p')!.textContent;
    // Binance lists USDTRUB; a direction selling roubles reads it inverted as binance:RUBUSDT, a symbol no one can look up.
    renderList('ru', 'customer', 'binance:RUBUSDT');
    expect(rateLine()).toMatch(/, источник: Binance$/);
    cleanup();
    renderList('en', 'customer', 'cbr:USD');
    expect(rateLine()).toMatch(/, source: Bank of Russia$/);
    cleanup();
    // Staff read the symbol too, as the console's directions list writes the source.
    renderList('ru', 'staff', 'binance:RUBUSDT');
    expect(rateLine()).toMatch(/, источник: Binance RUBUSDT$/);
    cleanup();
    renderList('en', 'staff', 'cbr:USD');
    expect(rateLine()).toMatch(/, source: Bank of Russia USD$/);
  });

  it('calls a course set by hand the exchange’s own, not a market rate, for every reader', () => {
    const rateLine = () => screen.getByTestId('breakdown').querySelector('p')!.textContent;
    const firstLine = () => screen.getByTestId('breakdown').querySelector('[data-part="market"] dt')!.textContent;
    renderList('en', 'customer', 'manual');
    expect(rateLine()).toBe('The exchange’s own rate 1\u00a0USDT = 95.09\u00a0RUB, set by hand');
    expect(firstLine()).toBe('At the exchange’s rate');
    cleanup();
    renderList('ru', 'staff', 'manual');
    expect(rateLine()).toMatch(/^Курс обменника .+, задан вручную$/);
    expect(rateLine()).not.toContain('Рыночный');
    expect(firstLine()).toBe('По курсу обменника');
  });
});
