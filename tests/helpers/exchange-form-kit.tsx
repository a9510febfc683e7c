import { afterEach, beforeEach, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import type { PairSettings } from '../../shared/schemas/exchange.ts';
import { renderAt } from './render-at.tsx';
import type { CurrencyOption, ExchangeInitial } from '../../app/lib/exchange/initial.ts';
import { ExchangeForm } from '../../app/components/exchange/exchange-form.tsx';
import { replayedInputs } from '../../app/lib/exchange/replayed.ts';

/**
 * The claim form's test kit: demo currencies and pairs, a fetch that answers like the server by path (claim creation
 * and promocode answers queued by the test), and helpers to render and fill the form. `installFormServer()` installs it
 * for a test file.
 */

const currency = (
  id: number,
  code: string,
  name: string,
  symbol: string,
  kind: CurrencyOption['kind'],
  ids: number[],
) => ({
  id,
  code,
  name,
  symbol,
  // As the demo data: RUB 2, USDT 6, BTC 8.
  decimals: { RUB: 2, USDT: 6, BTC: 8 }[symbol] ?? 2,
  kind,
  network: kind === 'crypto' ? 'TRC20' : null,
  logo: `/currencies/${code.toLowerCase()}.svg`,
  send: ids.length > 0,
  ids,
});
// Sber RUB and T-Bank RUB send to USDT; USDT sends to Sber RUB and Bitcoin.
const sber = currency(1, 'SBERRUB', 'Sberbank RUB', 'RUB', 'card', [3]);
const tbank = currency(2, 'TCSBRUB', 'T-Bank RUB', 'RUB', 'card', [3]);
const usdt = currency(3, 'USDTTRC20', 'Tether TRC20', 'USDT', 'crypto', [1, 4]);
const btc = currency(4, 'BTC', 'Bitcoin', 'BTC', 'crypto', []);
const currencies = [sber, tbank, usdt, btc];

export const rubToUsdt: PairSettings = {
  fromCurrencyId: 1,
  toCurrencyId: 3,
  course: '0.0105',
  bonus: '0.5',
  paymentWindowMinutes: 30,
  from: { min: '1000', max: '500000', roundCalculator: 2, notify: 'Pay only from your own card.' },
  to: { min: null, max: null, roundCalculator: 2, notify: 'Payout after 1-3 confirmations.', reserve: '185000' },
  structure: {
    from: {
      currency: 'SBERRUB',
      network: null,
      inputs: [
        {
          name: 'card',
          label: 'Sender card number',
          visible: true,
          required: true,
          kind: 'card',
          pattern: null,
          example: '2202 2012 3456 7895',
        },
      ],
    },
    to: {
      currency: 'USDTTRC20',
      network: 'TRC20',
      inputs: [
        {
          name: 'address',
          label: 'TRC20 wallet address',
          visible: true,
          required: true,
          kind: 'address',
          pattern: null,
          example: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        },
        {
          name: 'refund',
          label: 'Refund address',
          visible: false,
          required: true,
          kind: 'address',
          pattern: null,
          example: 'T',
        },
      ],
    },
  },
  // The market rate lowered by the markup gives the course exactly: 0.0125 x (1 - 16%) = 0.0105.
  breakdown: {
    rate: '0.0125',
    source: 'binance:USDTRUB',
    updatedAt: '2026-11-22T08:00:00.000Z',
    markupPercent: '16',
    bonusPercent: '0',
    fees: { from: '0', to: '0' },
  },
};
const usdtToBtc: PairSettings = {
  ...rubToUsdt,
  fromCurrencyId: 3,
  toCurrencyId: 4,
  course: '0.00001044',
  from: { min: '50', max: null, roundCalculator: 2, notify: '' },
  to: { min: null, max: null, roundCalculator: 6, notify: '', reserve: '4.2' },
};

const usdtToRub: PairSettings = {
  ...rubToUsdt,
  fromCurrencyId: 3,
  toCurrencyId: 1,
  course: '94.9',
  from: { min: '10', max: null, roundCalculator: 2, notify: '' },
  to: { min: null, max: null, roundCalculator: 2, notify: '', reserve: '8500000' },
};

export const initial = (over: Partial<ExchangeInitial> = {}): ExchangeInitial => ({
  currencies,
  fromId: 1,
  toId: 3,
  pair: rubToUsdt,
  tech: { maintenance: false, message: '' },
  ...over,
});

export const fetchMock = vi.fn<typeof fetch>();
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (items: unknown[]) => ({ count: items.length, next: null, previous: null, results: items });
const item = (c: CurrencyOption) => ({ ...c, from: { visible: c.send }, to: { visible: true } });

type Answer = Response | Error | Promise<Response>;
/** Answers of the server by path; claim creation and promocode answers are queued by the test. */
export const queued: { claim: Answer[]; promocode: Answer[] } = { claim: [], promocode: [] };

async function next(queue: Answer[], what: string) {
  const answer = queue.shift();
  if (!answer) throw new Error(`no ${what} answer queued`);
  if (answer instanceof Error) throw answer;
  return await answer;
}

export function installFormServer() {
  beforeEach(() => {
    queued.claim = [];
    queued.promocode = [];
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/claim/captchacheck'))
        return json(200, { provider: 'none', challengeUrl: null, siteKey: null });
      if (url.endsWith('/calculator/from/3/')) return json(200, list([item(sber), item(btc)]));
      if (url.endsWith('/calculator/from/2/')) return json(200, list([item(usdt)]));
      if (url.endsWith('/calculator/pair/3/4/')) return json(200, usdtToBtc);
      if (url.endsWith('/calculator/pair/3/1/')) return json(200, usdtToRub);
      if (url.endsWith('/calculator/pair/2/3/')) return json(200, { ...rubToUsdt, fromCurrencyId: 2 });
      if (url.endsWith('/api/v1/claim/') && init?.method === 'POST') return next(queued.claim, 'claim');
      if (url.endsWith('/api/v1/claim/promocode/') && init?.method === 'POST')
        return next(queued.promocode, 'promocode');
      throw new Error(`unexpected fetch ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

function ClaimPage() {
  return <p>claim page {useParams().uuid}</p>;
}

export function renderForm(url = '/en', init = initial(), userEmail: string | null = null) {
  const locale = url.startsWith('/en') ? 'en' : 'ru';
  return renderAt(
    url,
    <Routes>
      <Route path="/" element={<ExchangeForm initial={init} locale={locale} userEmail={userEmail} />} />
      <Route path="/en" element={<ExchangeForm initial={init} locale={locale} userEmail={userEmail} />} />
      <Route path="/claim/:uuid" element={<ClaimPage />} />
      <Route path="/en/claim/:uuid" element={<ClaimPage />} />
    </Routes>,
  );
}

export const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
/**
 * Types `value` into an amount field as a customer does: in it (focused, so it shows the plain figure; the other field,
 * not focused, shows its figure grouped), React getting the field's new value.
 */
export function typeIn(name: 'fromSumma' | 'toSumma', value: string) {
  fireEvent.focus(input(name));
  fireEvent.change(input(name), { target: { value } });
}
/**
 * What the calculator island does after hydration (exchange-island.tsx) with what was typed before the form's code
 * arrived: the DOM's value handed to React as one input event it marked.
 */
export function replay(name: string, value: string) {
  const field = input(name);
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  const event = new Event('input', { bubbles: true });
  replayedInputs.add(event);
  act(() => {
    field.dispatchEvent(event);
  });
}
export const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
export const claimCalls = () =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/v1/claim/') && init?.method === 'POST');

export function fillValid(agree: RegExp = /I accept the/) {
  fireEvent.change(input('fromRequisites.card'), { target: { value: '2202 2012 3456 7895' } });
  fireEvent.change(input('toRequisites.address'), { target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' } });
  fireEvent.change(input('email'), { target: { value: 'ann@example.com' } });
  fireEvent.click(screen.getByLabelText(agree));
}

export const promocodeCalls = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/v1/claim/promocode/') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);
