// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localeFromPath } from '../../../shared/locales.ts';
import type { AdminCurrency, AdminDirection } from '../../../shared/schemas/admin-directions.ts';
import type { Dashboard as DashboardData } from '../../../shared/schemas/admin-claims.ts';
import type { AdminPaymentDetail } from '../../../shared/schemas/admin-payment-details.ts';
import type { AdminPromocode } from '../../../shared/schemas/admin-promocodes.ts';
import type { AdminWithdrawal } from '../../../shared/schemas/admin-partners.ts';
import type { RateDirection, RatesStatus } from '../../../shared/schemas/admin-rates.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { resources } from '../../i18n/resources.ts';
import { WithdrawalCard } from '../../components/admin/partners/withdrawal-card.tsx';
import { FakeEventSource } from '../../../tests/helpers/fake-event-source.ts';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';
import Dashboard from './dashboard.tsx';
import PaymentDetails from './payment-details.tsx';
import Rates from './rates.tsx';
import Currencies from './directions/currencies.tsx';
import Currency from './directions/currency.tsx';
import Direction from './directions/direction.tsx';
import Directions from './directions/list.tsx';
import Promocodes from './promocodes/list.tsx';

/**
 * Every figure the console shows is written as the rest of the site writes it (shared/format.ts, docs/money.md
 * "Writing money"): grouped thousands and the language's decimal sign, percents by language, tickers beside amounts,
 * card numbers in fours; and a failing rate source is named in words, its technical text beside them.
 */

const fetchMock = stubFetch();
const nbsp = '\u00a0';
/** `text` with Russian thousands separators, the no-break space Intl writes (spaces between digits only). */
const ru = (text: string) => text.replace(/(?<=\d) (?=\d{3}\b)/g, nbsp);

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => FakeEventSource.reset());

/** A console page at `url` with `loaderData`, as the router renders it (the data router its hooks need). */
function renderPage(url: string, Page: ComponentType<never>, loaderData: unknown) {
  const locale = localeFromPath(url.split('?')[0]!);
  const Component = () => {
    const Shown = Page as ComponentType<{ loaderData: unknown; params: object; matches: [] }>;
    return <Shown loaderData={loaderData} params={{}} matches={[]} />;
  };
  const Stub = createRoutesStub([{ path: url.split('?')[0]!, Component }]);
  return render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}

const side = (id: number, code: string, symbol: string) => ({ id, code, name: code, symbol });
const direction = (over: Partial<AdminDirection>): AdminDirection =>
  ({
    id: 7,
    from: side(1, 'SBERRUB', 'RUB'),
    to: side(2, 'BTC', 'BTC'),
    courseMode: 'manual',
    courseManual: '0.00000010782',
    rateSource: null,
    markupPercent: '2.5',
    course: '0.00000010782',
    active: true,
    stale: false,
    ...over,
  }) as AdminDirection;

describe('directions', () => {
  it('ru: a course of many places reads as the calculator writes it, the exact figure with a decimal comma beside it', async () => {
    renderPage('/admin/directions', Directions, {
      directions: [
        direction({}),
        direction({
          id: 8,
          from: side(3, 'USDTTRC20', 'USDT'),
          to: side(1, 'SBERRUB', 'RUB'),
          courseMode: 'source',
          rateSource: 'binance:USDTRUB',
          course: '95771.319934818032',
        }),
      ],
    });
    const [btc, rub] = await screen.findAllByTestId('direction');
    // 1 / 0.00000010782 = 9 274 717.120…, rounded up: what one BTC costs is never written cheaper than it is.
    expect(btc!.textContent).toContain(
      ru(`Курс сейчас: 9 274 717,13${nbsp}RUB = 1${nbsp}BTC (точно 1${nbsp}RUB = 0,00000010782${nbsp}BTC)`),
    );
    expect(rub!.textContent).toContain(
      ru(
        `1${nbsp}USDT = 95 771,31${nbsp}RUB (точно 95 771,319934818032) · Источник Binance USDTRUB, наценка 2,5${nbsp}%`,
      ),
    );
    expect(btc!.textContent).not.toMatch(/0\.0000/);
  });

  it('en: the direction’s page writes its course with grouping commas and a decimal point', async () => {
    renderPage('/en/admin/directions/8', Direction, {
      direction: {
        ...direction({ from: side(3, 'USDTTRC20', 'USDT'), to: side(1, 'SBERRUB', 'RUB'), course: '95771.3199' }),
        fromInputs: [],
        toInputs: [],
        fromNotify: { ru: '', en: '' },
        toNotify: { ru: '', en: '' },
      },
      currencies: [],
      symbols: {},
    });
    expect((await screen.findByTestId('direction-course')).textContent).toBe(`1${nbsp}USDT = 95,771.31${nbsp}RUB`);
    expect(screen.getByText(/exactly 95,771\.3199/)).toBeTruthy();
  });
});

const currency: AdminCurrency = {
  id: 1,
  code: 'SBERRUB',
  name: 'Сбербанк',
  kind: 'bank',
  symbol: 'RUB',
  network: null,
  decimals: 2,
  logo: '/logo.svg',
  reserve: '8500000',
  sendVisible: true,
  receiveVisible: true,
};

describe('reserves', () => {
  it('ru: the list writes a reserve with the currency’s places and ticker', async () => {
    renderPage('/admin/currencies', Currencies, {
      currencies: [currency, { ...currency, id: 2, code: 'BTC', symbol: 'BTC', decimals: 8, reserve: '1.25' }],
    });
    const reserves = await screen.findAllByTestId('currency-reserve');
    expect(reserves.map((r) => r.textContent)).toEqual([ru(`8 500 000,00${nbsp}RUB`), `1,25${nbsp}BTC`]);
  });

  it('names each currency once: a coin whose network is its own code is not "BTC · BTC"', async () => {
    renderPage('/admin/currencies', Currencies, {
      currencies: [
        currency,
        { ...currency, id: 2, code: 'BTC', name: 'Bitcoin', kind: 'crypto', symbol: 'BTC', network: 'BTC' },
        { ...currency, id: 3, code: 'USDTTRC20', name: 'Tether', kind: 'crypto', symbol: 'USDT', network: 'TRC20' },
      ],
    });
    const names = await screen.findAllByTestId('currency-names');
    expect(names.map((n) => n.textContent)).toEqual(['SBERRUB', 'BTC', 'USDTTRC20 · TRC20']);
  });

  it('en: a currency’s page writes its reserve and the panel’s history the same way', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        count: 1,
        results: [
          {
            id: 1,
            delta: '-1500.5',
            reserveAfter: '8498499.5',
            reason: 'Payout',
            actor: 'admin',
            at: '2026-11-28T09:00:00Z',
          },
        ],
      }),
    );
    renderPage('/en/admin/currencies/1', Currency, {
      currency: {
        ...currency,
        name: { ru: 'Сбербанк', en: 'Sberbank' },
        city: null,
        explorerUrl: null,
        position: 0,
        fromInputs: [],
        toInputs: [],
        updatedAt: '2026-11-28T09:00:00Z',
      },
    });
    expect((await screen.findByTestId('currency-reserve')).textContent).toBe(`8,500,000.00${nbsp}RUB`);
    const history = await screen.findByTestId('reserve-history');
    expect(history.textContent).toContain(`\u22121,500.50${nbsp}RUB → 8,498,499.50${nbsp}RUB · Payout`);
  });
});

const rateRow = (over: Partial<RateDirection>): RateDirection => ({
  id: 8,
  from: 'USDTTRC20',
  to: 'SBERRUB',
  fromSymbol: 'USDT',
  toSymbol: 'RUB',
  active: true,
  symbol: 'USDTRUB',
  sourceRate: '98234.5',
  markupPercent: '2.5',
  course: '95771.319934818032',
  sourceUpdatedAt: '2026-11-28T09:00:00Z',
  rateOrigin: 'source',
  ageMinutes: 3,
  maxRateAgeMinutes: null,
  rateAgeLimitMinutes: 30,
  stale: false,
  ...over,
});
type Failure = Pick<RatesStatus['sources'][number], 'lastError' | 'lastProblem'>;
const ratesPage = (failure: Failure | null): { status: RatesStatus } & Record<string, unknown> => ({
  status: {
    refreshMinutes: 5,
    sources: [
      {
        source: 'binance',
        url: 'https://api.binance.com/api/v3/ticker/price',
        lastAttemptAt: '2026-11-28T09:00:00Z',
        lastSuccessAt: '2026-11-28T08:00:00Z',
        lastError: failure?.lastError ?? null,
        lastProblem: failure?.lastProblem ?? null,
        directions: [
          rateRow({}),
          // Roubles for USDT: Binance's USDTRUB inverted, to all 18 places.
          rateRow({
            id: 9,
            from: 'SBERRUB',
            to: 'USDTTRC20',
            fromSymbol: 'RUB',
            toSymbol: 'USDT',
            symbol: 'RUBUSDT',
            sourceRate: '0.010863661053775123',
            markupPercent: '3',
            course: '0.010537751222161869',
          }),
        ],
      },
    ],
    unknown: [],
  },
  history: {
    count: 1,
    results: [
      { id: 2, source: 'binance', symbol: 'RUBUSDT', rate: '0.010863661053775123', fetchedAt: '2026-11-28T09:00:00Z' },
      { id: 1, source: 'binance', symbol: 'BTCRUB', rate: '8681500.125', fetchedAt: '2026-11-28T09:00:00Z' },
    ],
  },
  page: 1,
  source: '',
  symbol: '',
  refused: {},
});

/** A rates table cell's figure, without the name it shows itself on a phone (the column's header on a desktop). */
const figureText = (td: Element) => {
  const copy = td.cloneNode(true) as Element;
  copy.querySelectorAll('[data-cell-name]').forEach((n) => n.remove());
  return copy.textContent;
};

describe('rates', () => {
  it('ru: rates and courses are course lines as every page writes them, the exact value under each', async () => {
    renderPage('/admin/rates', Rates, ratesPage(null));
    const figures = async (id: number) => {
      const row = await screen.findByTestId(`rate-direction-${id}`);
      return [...row.querySelectorAll('td')].slice(2, 5).map(figureText);
    };
    expect(await figures(8)).toEqual([
      `1${nbsp}USDT = ${ru('98 234,50')}${nbsp}RUBточно ${ru('98 234,5')}`,
      `2,5${nbsp}%`,
      `1${nbsp}USDT = ${ru('95 771,31')}${nbsp}RUBточно ${ru('95 771,319934818032')}`,
    ]);
    // Roubles for USDT read as the site writes them, "92,05 RUB = 1 USDT", never "1 RUB = 0,0108… USDT".
    expect(await figures(9)).toEqual([
      `92,05${nbsp}RUB = 1${nbsp}USDTточно 1${nbsp}RUB = 0,010863661053775123${nbsp}USDT`,
      `3${nbsp}%`,
      `94,90${nbsp}RUB = 1${nbsp}USDTточно 1${nbsp}RUB = 0,010537751222161869${nbsp}USDT`,
    ]);
    // The history writes a symbol some direction uses as its course, and any other as the exact decimal.
    const history = document.querySelector('section[aria-labelledby="rate-history"]')!;
    expect(history.textContent).toContain(
      `92,05${nbsp}RUB = 1${nbsp}USDTточно 1${nbsp}RUB = 0,010863661053775123${nbsp}USDT`,
    );
    expect(history.textContent).toContain(ru('8 681 500,125'));
  });

  it('en: the same lines with English separators', async () => {
    renderPage('/en/admin/rates', Rates, ratesPage(null));
    const row = await screen.findByTestId('rate-direction-8');
    const cells = [...row.querySelectorAll('td')].map(figureText);
    expect(cells[4]).toBe(`1${nbsp}USDT = 95,771.31${nbsp}RUBexactly 95,771.319934818032`);
  });

  it('ru and en: the refresh schedule is a count sentence (каждую 1 минуту, каждые 5 минут; every 1 minute)', async () => {
    const page = ratesPage(null);
    const schedule = async (url: string, minutes: number) => {
      const { unmount } = renderPage(url, Rates, { ...page, status: { ...page.status, refreshMinutes: minutes } });
      const text = (await screen.findByText(/расписанию|Scheduled/)).textContent;
      unmount();
      return text;
    };
    expect(await schedule('/admin/rates', 1)).toBe('Обновление по расписанию: каждую 1 минуту');
    expect(await schedule('/admin/rates', 3)).toBe('Обновление по расписанию: каждые 3 минуты');
    expect(await schedule('/admin/rates', 5)).toBe('Обновление по расписанию: каждые 5 минут');
    expect(await schedule('/admin/rates', 21)).toBe('Обновление по расписанию: каждую 21 минуту');
    expect(await schedule('/en/admin/rates', 1)).toBe('Scheduled refresh: every 1 minute');
    expect(await schedule('/en/admin/rates', 5)).toBe('Scheduled refresh: every 5 minutes');
  });

  it('ru: a source that did not answer says so in words, the technical text kept beside them', async () => {
    renderPage('/admin/rates', Rates, ratesPage({ lastError: 'fetch failed', lastProblem: { kind: 'no_answer' } }));
    const card = await screen.findByTestId('rate-source-binance');
    const badge = within(card).getByTestId('rate-source-error');
    expect(badge.textContent).toBe('источник не ответил');
    // The message is Russian; the runtime's English text is only the labelled, folded-away technical detail.
    const problem = within(card).getByTestId('rate-source-problem');
    expect(problem.querySelector('p')!.textContent).toBe('Последний запрос не удался: источник не ответил.');
    expect(problem.textContent).toContain('Сайт не смог связаться с источником');
    const technical = within(card).getByTestId('rate-source-technical');
    expect(technical.textContent).toBe('fetch failed');
    expect(technical.getAttribute('lang')).toBe('en');
    const details = technical.closest('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Технические подробности (текст ошибки как есть)');
    // Nowhere else on the card: not as a line of its own, not as the badge's tooltip.
    const outside = card.cloneNode(true) as HTMLElement;
    outside.querySelector('details')!.remove();
    expect(outside.textContent).not.toContain('fetch failed');
    expect(outside.innerHTML).not.toContain('fetch failed');
  });

  it('en: an error status and a missing symbol are told apart', async () => {
    const { unmount } = renderPage(
      '/en/admin/rates',
      Rates,
      ratesPage({ lastError: 'HTTP 500', lastProblem: { kind: 'http_status', status: 500 } }),
    );
    expect((await screen.findByTestId('rate-source-error')).textContent).toBe(
      'the source answered with an error (HTTP 500)',
    );
    unmount();
    renderPage(
      '/en/admin/rates',
      Rates,
      ratesPage({
        lastError: 'missing USDTRUB, BTCRUB',
        lastProblem: { kind: 'missing', symbols: ['USDTRUB', 'BTCRUB'] },
      }),
    );
    expect((await screen.findByTestId('rate-source-error')).textContent).toBe(
      'the source’s answer has no rate for USDTRUB, BTCRUB',
    );
    expect(screen.getByTestId('rate-source-problem').textContent).toContain(
      'The last request failed: the source’s answer has no rate for USDTRUB, BTCRUB.',
    );
    expect(screen.getByTestId('rate-source-technical').textContent).toBe('missing USDTRUB, BTCRUB');
  });

  it('ru: on a phone each direction is a stack of named lines, not a table wider than the screen', async () => {
    renderPage('/admin/rates', Rates, ratesPage(null));
    const row = await screen.findByTestId('rate-direction-8');
    // Below md the row and its cells are blocks and the header is for screen readers only; from md a table again.
    expect(row.className).toMatch(/(^| )block( |$)/);
    expect(row.className).toContain('md:table-row');
    expect(row.closest('table')!.querySelector('thead')!.className).toContain('max-md:sr-only');
    expect(row.closest('table')!.className).not.toMatch(/(^| )min-w-/);
    const cells = [...row.querySelectorAll('td')];
    for (const td of cells) expect(td.className).toContain('md:table-cell');
    // Every cell but the direction names itself, hidden from md where the header does it.
    const names = cells.map((td) => td.querySelector('[data-cell-name]'));
    expect(names[0]).toBeNull();
    expect(names.slice(1).map((n) => n?.textContent)).toEqual([
      'Символ',
      'Курс источника',
      'Наценка',
      'Курс клиента',
      'Возраст',
    ]);
    for (const n of names.slice(1)) expect(n!.className).toContain('md:hidden');
  });

  it('ru: rates the demo data set are said to be the seed’s, so "never succeeded" and an empty history agree', async () => {
    const page = ratesPage({ lastError: 'fetch failed', lastProblem: { kind: 'no_answer' } });
    const binance = page.status.sources[0]!;
    binance.lastSuccessAt = null;
    binance.directions = binance.directions.map((d) => ({ ...d, rateOrigin: 'seed' as const }));
    renderPage('/admin/rates', Rates, { ...page, history: { count: 0, results: [] } });
    const card = await screen.findByTestId('rate-source-binance');
    expect(within(card).getByTestId('rate-source-seeded').textContent).toContain(
      'Направлений с курсом из демо-данных: 2. Этот курс задан при заполнении базы, а не прочитан из источника Binance',
    );
    expect(within(screen.getByTestId('rate-direction-8')).getByTestId('rate-seeded').textContent).toBe(
      'из демо-данных, не от источника',
    );
    expect(screen.getByTestId('rate-history-empty').textContent).toContain(
      'Из источников курсов пока не приходило. Курсы направлений выше заданы демо-данными',
    );
  });

  it('en: a rate a refresh read carries no demo note', async () => {
    renderPage('/en/admin/rates', Rates, { ...ratesPage(null), history: { count: 0, results: [] } });
    await screen.findByTestId('rate-source-binance');
    expect(screen.queryByTestId('rate-source-seeded')).toBeNull();
    expect(screen.queryByTestId('rate-seeded')).toBeNull();
    expect(screen.getByTestId('rate-history-empty').textContent).toBe('No rates yet.');
  });

  it('en: the words follow the kind the server gave, not the technical text', async () => {
    // A parser's message that happens to read like a status is still an unreadable answer.
    renderPage('/en/admin/rates', Rates, ratesPage({ lastError: 'HTTP 200', lastProblem: { kind: 'unreadable' } }));
    expect((await screen.findByTestId('rate-source-error')).textContent).toBe('the source’s answer could not be read');
  });
});

describe('promocodes, payment details and payouts', () => {
  const code: AdminPromocode = {
    id: 1,
    code: 'AUTUMN',
    discountPercent: '0.3',
    validFrom: null,
    validTo: null,
    maxUses: null,
    usesCount: 0,
    perCustomer: null,
    assignedTo: [],
    active: true,
    createdAt: '2026-11-28T09:00:00Z',
  };

  it('a promocode’s discount reads as the better rate it gives, by language', async () => {
    const { unmount } = renderPage('/admin/promocodes', Promocodes, {
      page: 1,
      count: 1,
      codes: [code],
      readAt: Date.parse('2026-12-01T00:00:00Z'),
    });
    expect((await screen.findByTestId('promocode-discount')).textContent).toBe(`курс лучше на 0,3${nbsp}%`);
    unmount();
    renderPage('/en/admin/promocodes', Promocodes, {
      page: 1,
      count: 1,
      codes: [code],
      readAt: Date.parse('2026-12-01T00:00:00Z'),
    });
    expect((await screen.findByTestId('promocode-discount')).textContent).toBe('rate better by 0.3%');
  });

  it('a promocode’s uses are a count sentence of the language: 1 раз, 3 раза, 5 раз; 1 time, 3 times', async () => {
    const codes = [1, 3, 5, 21, 1200].map((usesCount, i) => ({ ...code, id: i + 1, usesCount }));
    const { unmount } = renderPage('/admin/promocodes', Promocodes, {
      page: 1,
      count: 5,
      codes,
      readAt: Date.parse('2026-12-01T00:00:00Z'),
    });
    const ruUses = (await screen.findAllByTestId('promocode')).map((c) => /Использован[^·/]*/.exec(c.textContent)?.[0]);
    expect(ruUses).toEqual([
      'Использован 1 раз ',
      'Использован 3 раза ',
      'Использован 5 раз ',
      'Использован 21 раз ',
      ru('Использован 1 200 раз '),
    ]);
    unmount();
    renderPage('/en/admin/promocodes', Promocodes, {
      page: 1,
      count: 5,
      codes,
      readAt: Date.parse('2026-12-01T00:00:00Z'),
    });
    const enUses = (await screen.findAllByTestId('promocode')).map((c) => /Used[^·/]*/.exec(c.textContent)?.[0]);
    expect(enUses).toEqual(['Used 1 time ', 'Used 3 times ', 'Used 5 times ', 'Used 21 times ', 'Used 1,200 times ']);
  });

  it('a code switched on but past its end, before its start or used up says so, with its days', async () => {
    const codes: AdminPromocode[] = [
      { ...code, id: 1, code: 'LIVE' },
      // As the form stores "2025-01-01" to "2025-06-30" on Moscow's clock: from its first moment, through the 30th.
      { ...code, id: 2, code: 'OLD', validFrom: '2024-12-31T21:00:00.000Z', validTo: '2025-06-30T21:00:00.000Z' },
      { ...code, id: 3, code: 'SOON', validFrom: '2998-12-31T21:00:00.000Z' },
      { ...code, id: 4, code: 'GONE', maxUses: 10, usesCount: 10 },
      { ...code, id: 5, code: 'OFF', active: false },
    ];
    const states = async () => (await screen.findAllByTestId('promocode-state')).map((s) => s.textContent);
    const { unmount } = renderPage('/admin/promocodes', Promocodes, {
      page: 1,
      count: 5,
      codes,
      readAt: Date.parse('2026-12-01T00:00:00Z'),
    });
    expect(await states()).toEqual(['Включён', 'Истёк', 'Ещё не начался', 'Исчерпан', 'Выключен']);
    // Spaces as Intl writes them (no-break ones inside a date) compared as spaces.
    const periods = screen.getAllByTestId('promocode-period').map((p) => p.textContent.replace(/\u00a0/g, ' '));
    expect(periods).toEqual(['с 1 янв. 2025 г. по 30 июн. 2025 г.', 'с 1 янв. 2999 г.']);
    unmount();
    renderPage('/en/admin/promocodes', Promocodes, {
      page: 1,
      count: 5,
      codes,
      readAt: Date.parse('2026-12-01T00:00:00Z'),
    });
    expect(await states()).toEqual(['On', 'Expired', 'Not started', 'Used up', 'Off']);
    expect(screen.getAllByTestId('promocode-period')[0]!.textContent.replace(/\u00a0/g, ' ')).toBe(
      'from Jan 1, 2025 through Jun 30, 2025',
    );
  });

  it('a card number is grouped by four; an address stays as written', async () => {
    const detail = (id: number, value: string): AdminPaymentDetail =>
      ({
        id,
        currency: { id: 1, code: 'SBERRUB', name: 'Сбербанк' },
        label: { ru: 'Карта', en: 'Card' },
        value,
        holder: null,
        memo: null,
        active: true,
        usageCount: 0,
        lastUsedAt: null,
      }) as AdminPaymentDetail;
    renderPage('/admin/payment-details', PaymentDetails, {
      page: 1,
      count: 2,
      details: [detail(1, '2202201000000014'), detail(2, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')],
      coverage: [],
      currency: '',
      status: '',
    });
    const values = await screen.findAllByTestId('payment-detail-value');
    expect(values.map((v) => v.textContent)).toEqual(['2202 2010 0000 0014', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE']);
    // Each shows the number a refused duplicate names ("already in the pool, № 2").
    expect(screen.getAllByTestId('payment-detail-number').map((n) => n.textContent)).toEqual([
      `№${nbsp}1`,
      `№${nbsp}2`,
    ]);
  });

  it('a payout request writes its amount and the balance in USDT by language', async () => {
    const item = {
      id: 3,
      status: 'pending',
      amount: '1250.5',
      balance: '10000',
      partner: { email: 'p@example.com' },
      requisites: 'TQn9',
      createdAt: '2026-11-28T09:00:00Z',
      decidedAt: null,
      reference: null,
      reason: null,
    } as unknown as AdminWithdrawal;
    renderPage('/admin/withdrawals', () => <WithdrawalCard item={item} onDecided={() => {}} />, {});
    const card = await screen.findByTestId('withdrawal');
    expect(card.textContent).toContain(ru(`1 250,50${nbsp}USDT`));
    expect(card.textContent).toContain(ru(`10 000,00${nbsp}USDT`));
  });
});

describe('dashboard', () => {
  const dashboard: DashboardData = {
    day: '2026-11-28',
    today: { count: 0, byStatus: {} as DashboardData['today']['byStatus'] },
    volume: [],
    waiting: {
      paid: 0,
      processing: 0,
      hold: 0,
      error: 0,
      latePayment: 0,
      refundRequested: 0,
      offerLapsed: 0,
      withdrawals: 0,
      staleRates: 0,
      unpayable: 0,
    },
  };

  it('names today’s date as the console writes dates, not in ISO', async () => {
    const { unmount } = renderPage('/admin', Dashboard, { dashboard });
    expect((await screen.findByTestId('dashboard-today')).textContent).toBe('Заявки за сегодня, 28 нояб. 2026 г.');
    unmount();
    renderPage('/en/admin', Dashboard, { dashboard });
    expect((await screen.findByTestId('dashboard-today')).textContent).toBe('Orders today, Nov 28, 2026');
    await act(async () => {});
  });
});
