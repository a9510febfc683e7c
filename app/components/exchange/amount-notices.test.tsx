// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import {
  claimCalls,
  fillValid,
  initial,
  input,
  installFormServer,
  json,
  queued,
  renderForm,
  rubToUsdt,
  replay,
  typeIn,
} from '../../../tests/helpers/exchange-form-kit.tsx';

installFormServer();

/**
 * No silent changes (docs/product/behaviour.md, Calculator): every amount the form changes says what it did and why,
 * next to the field, and only once the customer has typed; a keystroke that is not part of a number is refused with a
 * hint instead of being read some other way.
 */

const sendNotice = () => screen.getByTestId('send-notice').textContent;
const receiveNotice = () => screen.getByTestId('receive-notice').textContent;

/** Types `value` as a keystroke would change the field, in it: React gets the field's new value. */
const type = (name: 'fromSumma' | 'toSumma', value: string) => typeIn(name, value);

describe('clamp notices', () => {
  it('says the amount was raised to the minimum, in English and in Russian', () => {
    renderForm('/en');
    type('fromSumma', '5');
    expect(sendNotice()).toBe('');
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('1,000.00');
    expect(sendNotice()).toBe('Raised to the minimum, 1,000.00\u00a0RUB: this direction accepts no less');
    // The notice is tied to the field for screen readers.
    expect(input('fromSumma').getAttribute('aria-describedby')).toContain(screen.getByTestId('send-notice').id);
    // Typing again: the notice has done its job.
    type('fromSumma', '2000');
    expect(sendNotice()).toBe('');
  });

  it('ru: raised to the minimum', () => {
    renderForm('/');
    type('fromSumma', '5');
    fireEvent.blur(input('fromSumma'));
    expect(sendNotice()).toBe(
      'Сумма увеличена до минимальной, 1\u00a0000,00\u00a0RUB: меньше по этому направлению не принимаем',
    );
  });

  it('says the amount was lowered to the maximum of the direction', () => {
    renderForm('/en');
    type('fromSumma', '900000');
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('500,000.00');
    expect(sendNotice()).toBe('Lowered to the maximum, 500,000.00\u00a0RUB: this direction accepts no more');
  });

  it('says the reserve set the maximum when it is lower than the direction’s own', () => {
    const low: PairSettings = { ...rubToUsdt, to: { ...rubToUsdt.to, reserve: '185' } };
    renderForm('/en', initial({ pair: low }));
    // The Max the form offers is what the reserve pays for.
    expect(screen.getByRole('button', { name: 'Max 17,619.04\u00a0RUB: use this amount' })).toBeTruthy();
    type('fromSumma', '20000');
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('17,619.04');
    expect(input('toSumma').value).toBe('184.99');
    expect(sendNotice()).toBe('Lowered to the maximum, 17,619.04\u00a0RUB: the reserve allows no more');
  });

  it('a pair change before anything was typed moves the amount without a notice; after typing it says so', async () => {
    renderForm('/en');
    fireEvent.click(screen.getByRole('button', { name: 'Swap the direction' }));
    // 10.50 USDT carried over is within USDT -> RUB's limits; then Bitcoin, whose minimum is 50 USDT.
    await waitFor(() => expect(screen.getByTestId('course').textContent).toBe('1\u00a0USDT = 94.90\u00a0RUB'));
    fireEvent.click(screen.getByRole('button', { name: /You receive/ }));
    fireEvent.click(screen.getByRole('option', { name: /Bitcoin/ }));
    await waitFor(() => expect(input('fromSumma').value).toBe('50.00'));
    expect(sendNotice()).toBe('');
  });

  it('an amount the customer typed, carried to another pair and raised there, gets the notice', async () => {
    renderForm('/en');
    fireEvent.click(screen.getByRole('button', { name: 'Swap the direction' }));
    await waitFor(() => expect(screen.getByTestId('course').textContent).toBe('1\u00a0USDT = 94.90\u00a0RUB'));
    type('fromSumma', '20');
    fireEvent.click(screen.getByRole('button', { name: /You receive/ }));
    fireEvent.click(screen.getByRole('option', { name: /Bitcoin/ }));
    await waitFor(() => expect(input('fromSumma').value).toBe('50.00'));
    expect(sendNotice()).toBe('Raised to the minimum, 50.00\u00a0USDT: this direction accepts no less');
  });

  it('a submit that moves the amount stops there: the customer sees the new amount before a claim is made', () => {
    renderForm('/en');
    fillValid();
    type('fromSumma', '900000');
    fireEvent.submit(screen.getByTestId('exchange-form'));
    expect(input('fromSumma').value).toBe('500000.00');
    expect(sendNotice()).toBe('Lowered to the maximum, 500,000.00\u00a0RUB: this direction accepts no more');
    expect(claimCalls()).toHaveLength(0);
  });
});

describe('the decimal sign', () => {
  it('ru: the fields write a decimal comma, take a point or a comma, and the claim carries the amount with a point', async () => {
    renderForm('/');
    type('fromSumma', '1500.5');
    expect(input('fromSumma').value).toBe('1500,5');
    type('fromSumma', '1500,55');
    expect(input('fromSumma').value).toBe('1500,55');
    expect(input('toSumma').value).toMatch(/^\d+,\d{2}$/);
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('1\u00a0500,55');
    // The minimum the field was raised to, as the notice beside it writes it: the same comma.
    type('fromSumma', '5');
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('1\u00a0000,00');

    queued.claim.push(json(201, { uuid: '0b7c1c9e-5a43-4d36-9c1c-2f4f6a1e8f11' }));
    fillValid(/Я принимаю/);
    type('fromSumma', '1500,55');
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await screen.findByText(/claim page/);
    const body = JSON.parse(claimCalls()[0]![1]!.body as string) as Record<string, string>;
    expect(body.fromSumma).toBe('1500.55');
    expect(body.toSumma).toMatch(/^\d+\.\d{2}$/);
  });

  it('en: the point stays; a comma groups thousands where it stands and is refused anywhere else', () => {
    renderForm('/en');
    type('fromSumma', '1,500.5');
    expect(input('fromSumma').value).toBe('1500.5');
    expect(sendNotice()).toBe('');
    // "1,5" is not read as 1.5 (nor as 15): the field keeps what it had and says how to write it.
    type('fromSumma', '1,5');
    expect(input('fromSumma').value).toBe('1500.5');
    expect(sendNotice()).toBe('A comma only groups thousands (1,500.50); write decimals after a point (1.5).');
  });

  it('en: digits typed after a refused comma do not quietly build another number (10000,55 is not 1000055)', async () => {
    renderForm('/en');
    fillValid(/I accept/);
    /** Key by key, as a customer types: the field gets its value plus the key. */
    const keys = (text: string) => {
      for (const key of text) type('fromSumma', input('fromSumma').value + key);
    };
    const hint = 'A comma only groups thousands (1,500.50); write decimals after a point (1.5).';
    type('fromSumma', '');
    keys('10000,55');
    expect(input('fromSumma').value).toBe('1000055');
    // The hint stands while the digits after the comma are typed, not only for the comma's own keystroke...
    expect(sendNotice()).toBe(hint);
    // ...and what the customer receives is not priced for 1000055 beside it.
    expect(input('toSumma').value).toBe('');
    // ...and on leaving the field and sending: no claim for an amount the customer did not mean.
    fireEvent.blur(input('fromSumma'));
    expect(sendNotice()).toBe(hint);
    // Left as typed, not grouped as an accepted amount ("1,000,055"), and priced nowhere: no breakdown either.
    expect(input('fromSumma').value).toBe('1000055');
    expect(screen.queryByText('How the amount is made up')).toBeNull();
    fireEvent.submit(screen.getByTestId('exchange-form'));
    expect(sendNotice()).toBe(hint);
    expect(claimCalls()).toHaveLength(0);
    // The submit takes the keyboard to the field whose hint says why nothing was sent.
    expect(document.activeElement).toBe(input('fromSumma'));
    // Changing the amount ends it.
    type('fromSumma', '10000.55');
    expect(sendNotice()).toBe('');

    // "0,5" meant as half a coin: the zero before the refused comma is dropped from the field ("5"), and the hint
    // stands all the same, on leaving and on sending (it had gone, and five coins went on instead of half of one).
    type('fromSumma', '');
    keys('0,5');
    expect(sendNotice()).toBe(hint);
    fireEvent.blur(input('fromSumma'));
    expect(sendNotice()).toBe(hint);
    fireEvent.submit(screen.getByTestId('exchange-form'));
    expect(claimCalls()).toHaveLength(0);
    // Nor is "0,500" a thousands' comma.
    type('fromSumma', '');
    keys('0,500');
    expect(sendNotice()).toBe(hint);
    type('fromSumma', '0.5');
    expect(sendNotice()).toBe('');

    // A comma followed by a whole group of three is the thousands' comma the customer typed: no hint left.
    type('fromSumma', '');
    keys('1,500,000');
    expect(input('fromSumma').value).toBe('1500000');
    expect(sendNotice()).toBe('');
    expect(input('toSumma').value).not.toBe('');
    fireEvent.blur(input('fromSumma'));
    expect(sendNotice()).not.toBe(hint);
  });

  it('a point typed inside a ru amount becomes a comma with the caret where it was', () => {
    renderForm('/');
    const field = input('fromSumma');
    field.focus();
    type('fromSumma', '12345');
    // As a keystroke leaves it: the new text with the caret after the point (set past React's own value tracking).
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, '123.45');
    field.setSelectionRange(4, 4);
    fireEvent.change(field);
    expect(field.value).toBe('123,45');
    expect([field.selectionStart, field.selectionEnd]).toEqual([4, 4]);
  });
});

describe('refused keystrokes', () => {
  it('refuses characters that are not part of a number, one by one, with a hint', () => {
    renderForm('/en');
    type('fromSumma', '');
    for (const key of 'abc') {
      type('fromSumma', input('fromSumma').value + key);
      expect(input('fromSumma').value).toBe('');
      expect(sendNotice()).toBe('Digits and one decimal point only');
    }
    type('fromSumma', '1');
    expect(sendNotice()).toBe('');
    type('fromSumma', '1e');
    expect(input('fromSumma').value).toBe('1');
    expect(sendNotice()).toBe('Digits and one decimal point only');
    // A paste of the whole thing is refused whole, not read as 15.
    type('fromSumma', 'abc1e5');
    expect(input('fromSumma').value).toBe('1');
    expect(input('toSumma').value).toBe('0.01');
  });

  it('refuses a decimal beyond the side’s precision and says how many it takes (ru)', () => {
    renderForm('/');
    type('fromSumma', '1500.25');
    type('fromSumma', '1500,257');
    expect(input('fromSumma').value).toBe('1500,25');
    expect(sendNotice()).toBe('RUB: знаков после запятой — не больше 2');
    // A comma is the decimal mark on ru keyboards, and the field writes one.
    type('toSumma', '15,5');
    expect(input('toSumma').value).toBe('15,5');
    expect(receiveNotice()).toBe('');
  });
});

describe('receive-side rounding', () => {
  // USDT -> RUB with whole USDT only: the USDT needed for a typed RUB amount is rounded up to a whole one.
  const whole: PairSettings = {
    ...rubToUsdt,
    fromCurrencyId: 3,
    toCurrencyId: 1,
    course: '94.9',
    from: { min: '10', max: null, roundCalculator: 0, notify: '' },
    to: { min: null, max: null, roundCalculator: 2, notify: '', reserve: '8500000' },
  };

  it('says when the amount received differs from the typed one, and why', () => {
    renderForm('/en', initial({ fromId: 3, toId: 1, pair: whole }));
    type('toSumma', '1000');
    expect(input('fromSumma').value).toBe('11');
    fireEvent.blur(input('toSumma'));
    expect(input('toSumma').value).toBe('1,043.90');
    expect(receiveNotice()).toBe(
      'You will receive 1,043.90\u00a0RUB, not 1,000.00\u00a0RUB: the amount to send is rounded up to 11.00\u00a0USDT',
    );
    expect(sendNotice()).toBe('');
  });

  it('says nothing when the typed amount is exactly what is received', () => {
    renderForm('/en', initial({ fromId: 3, toId: 1, pair: whole }));
    type('toSumma', '1898');
    fireEvent.blur(input('toSumma'));
    expect(input('toSumma').value).toBe('1,898.00');
    expect(receiveNotice()).toBe('');
  });
});

describe('a value typed before the form’s code arrived', () => {
  it('goes through the same rules as typed after: decimals refused with the hint, the minimum on leaving', () => {
    renderForm('/en');
    replay('fromSumma', '0.00000001');
    expect(input('fromSumma').value).toBe('0.00');
    expect(sendNotice()).toBe('RUB: no more decimals than 2');
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('1,000.00');
    expect(sendNotice()).toBe('Raised to the minimum, 1,000.00\u00a0RUB: this direction accepts no less');
  });

  it('is taken whole, not as one keystroke on top of the rendered amount', () => {
    renderForm('/en');
    replay('fromSumma', '20000');
    expect(input('fromSumma').value).toBe('20,000');
    expect(input('toSumma').value).toBe('210.00');
    expect(sendNotice()).toBe('');
  });
});
