// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../../i18n/i18n.ts';
import { resources } from '../../i18n/resources.ts';
import type { Locale } from '../../../shared/locales.ts';
import { ExchangeForm } from './exchange-form.tsx';
import {
  claimCalls,
  fillValid,
  initial,
  input,
  installFormServer,
  json,
  queued,
  renderForm,
  replay,
  typeIn,
} from '../../../tests/helpers/exchange-form-kit.tsx';

installFormServer();

/**
 * An amount field the customer is not typing in writes its figure as every other figure around it, grouped ("1 000,00",
 * "1,000.00": docs/product/behaviour.md, Calculator); the one they type in shows it plain, as typed. What is computed
 * and sent stays the decimal with a point.
 */

const sendNotice = () => screen.getByTestId('send-notice').textContent;

describe('the amount fields group a figure that is not being typed', () => {
  it('the server writes both amounts grouped, in each language', () => {
    const page = (locale: Locale) =>
      renderToString(
        <I18nextProvider i18n={createI18n(locale, resources[locale])}>
          <MemoryRouter initialEntries={[locale === 'en' ? '/en' : '/']}>
            <ExchangeForm initial={initial()} locale={locale} userEmail={null} />
          </MemoryRouter>
        </I18nextProvider>,
      );
    const value = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];
    expect(value(page('ru'), 'fromSumma')).toBe('1\u00a0000,00');
    expect(value(page('ru'), 'toSumma')).toBe('10,50');
    expect(value(page('en'), 'fromSumma')).toBe('1,000.00');
  });

  it('the other field, computed while the customer types, is grouped; the one typed in stays as typed', () => {
    renderForm('/en');
    typeIn('toSumma', '2500');
    expect(input('toSumma').value).toBe('2500');
    expect(input('fromSumma').value).toBe('238,095.24');
    fireEvent.blur(input('toSumma'));
    typeIn('fromSumma', '150000');
    expect(input('fromSumma').value).toBe('150000');
    expect(input('toSumma').value).toBe('1,575.00');
  });

  it('ru: grouped with the page’s no-break space, plain while focused; focus and blur keep every digit', async () => {
    renderForm('/');
    const field = input('fromSumma');
    expect(field.value).toBe('1\u00a0000,00');
    await act(async () => field.focus());
    expect(field.value).toBe('1000,00');
    typeIn('fromSumma', '123456,7');
    expect(field.value).toBe('123456,7');
    // Leaving settles the amount to the side's decimals; the figure is grouped, the same figure on the next visit.
    act(() => field.blur());
    expect(field.value).toBe('123\u00a0456,70');
    expect(input('toSumma').value).toBe('1\u00a0296,29');
    for (let round = 0; round < 2; round++) {
      await act(async () => field.focus());
      expect(field.value).toBe('123456,70');
      act(() => field.blur());
      expect(field.value).toBe('123\u00a0456,70');
    }
  });

  it('a partial or refused input is left as typed', () => {
    renderForm('/');
    typeIn('fromSumma', '12345,');
    expect(input('fromSumma').value).toBe('12345,');
    typeIn('fromSumma', '12345,abc');
    expect(input('fromSumma').value).toBe('12345,');
    expect(sendNotice()).toBe('Только цифры и одна запятая (или точка)');
  });

  it('a refusal that takes the customer to the amount shows it ready to edit', async () => {
    queued.claim.push(json(400, { fromSumma: ['The amount is above the reserve.'] }));
    renderForm('/en');
    fillValid();
    typeIn('fromSumma', '150000');
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('150,000.00');
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await waitFor(() => expect(document.activeElement).toBe(input('fromSumma')));
    expect(input('fromSumma').value).toBe('150000.00');
    // What was sent was the plain decimal.
    const body = JSON.parse(claimCalls()[0]![1]!.body as string) as Record<string, string>;
    expect(body.fromSumma).toBe('150000.00');
  });
});

describe('a grouped figure edited before the form’s code arrived', () => {
  it('en: the page’s own commas around the change are not the customer’s', () => {
    renderForm('/en');
    expect(input('fromSumma').defaultValue).toBe('1,000.00');
    // A "0" deleted from the thousands: the customer meant 100, not a comma in the wrong place.
    replay('fromSumma', '1,00.00');
    expect(input('fromSumma').value).toBe('100.00');
    expect(input('toSumma').value).toBe('1.05');
    expect(sendNotice()).toBe('');
  });

  it('en: a digit typed into the figure: the page’s commas around it are dropped too', () => {
    renderForm('/en');
    replay('fromSumma', '1,0500.00');
    expect(input('fromSumma').value).toBe('10,500.00');
    expect(input('toSumma').value).toBe('110.25');
  });

  it('en: a comma the customer typed over the figure is read as ever (refused where it groups nothing)', () => {
    renderForm('/en');
    replay('fromSumma', '1,5');
    expect(sendNotice()).toBe('A comma only groups thousands (1,500.50); write decimals after a point (1.5).');
  });

  it('ru: the figure with its no-break spaces reads back as the amount', () => {
    renderForm('/');
    replay('fromSumma', '1\u00a0000,5');
    expect(input('fromSumma').value).toBe('1\u00a0000,5');
    expect(input('toSumma').value).toBe('10,50');
  });
});
