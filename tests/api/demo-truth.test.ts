import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../app/i18n/resources.ts';
import { loadExchange } from '../../app/lib/exchange/initial.ts';
import { demoContent } from '../../server/db/demo-content.ts';
import { demoPromocodes } from '../../server/db/demo-promocodes.ts';
import { paymentDetails } from '../../server/db/schema-exchange.ts';
import { quote, quoteLines } from '../../shared/exchange/quote.ts';
import type { CurrencyItem, PairSettings } from '../../shared/schemas/exchange.ts';
import { activeUser, bearer, login } from '../helpers/accounts.ts';
import { build, type TestApp } from '../helpers/build.ts';

/**
 * The demo must tell the truth (issue 14): what the seeded texts promise is read back from the product itself, so
 * changing the programme's terms, the currencies or the promocodes without the texts (or the other way) fails here.
 */

const localized = (t: { ru: string; en: string }) => [t.ru, t.en];
const pageTexts = (slug: string) =>
  demoContent.pages
    .filter((p) => p.slug === slug)
    .flatMap((p) => [...localized(p.title), ...localized(p.description), ...localized(p.body)]);
const allTexts = [
  ...demoContent.pages.flatMap((p) => [...localized(p.title), ...localized(p.description), ...localized(p.body)]),
  ...demoContent.faq.flatMap((f) => [...localized(f.question), ...localized(f.answer)]),
  ...demoContent.news.flatMap((n) => [n.title, n.summary, n.body]),
];
/** Percentages as written in either language: 0,4% or 0.4 %. */
const percents = (text: string) => [...text.matchAll(/(\d+(?:[.,]\d+)?)\s*%/g)].map((m) => m[1]!.replace(',', '.'));
const faqTexts = (lang: 'ru' | 'en') => demoContent.faq.flatMap((f) => [f.question[lang], f.answer[lang]]);
/** Ranges as either language writes them (5–30, 5-30), one way. */
const ranges = (text: string, unit: RegExp) =>
  [...text.matchAll(new RegExp(String.raw`(\d+)\s*[–-]\s*(\d+)\s*(?:${unit.source})`, 'giu'))].map(
    (m) => `${m[1]}-${m[2]}`,
  );
const sentences = (text: string) => text.split(/(?<=[.!?:])\s+|\n+/);
/** Numbers standing on their own (not the 20 of TRC20), spaces between thousands allowed. */
const numbers = (text: string) =>
  [...text.matchAll(/(?<![\p{L}\d])\d{1,3}(?:[ \u00a0]\d{3})*(?![\p{L}\d])/gu)].map((m) =>
    Number(m[0].replace(/\s/g, '')),
  );
/** Every string of a catalogue namespace tree. */
const strings = (tree: unknown): string[] =>
  typeof tree === 'string' ? [tree] : tree && typeof tree === 'object' ? Object.values(tree).flatMap(strings) : [];

describe('the demo content tells the truth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false });
  });
  afterAll(async () => t.close());

  /** Every currency as the calculator lists it, and every direction's settings as the calculator answers them. */
  async function catalogue() {
    const currencies = (await t.services.calculator.directions('ru')).results;
    const en = (await t.services.calculator.directions('en')).results;
    const pairs: { from: CurrencyItem; to: CurrencyItem; pair: PairSettings }[] = [];
    for (const from of currencies)
      for (const toId of from.ids) {
        const pair = await t.services.calculator.pair(from.id, toId, 'ru');
        const to = currencies.find((c) => c.id === toId)!;
        if (pair) pairs.push({ from, to, pair });
      }
    expect(pairs.length).toBeGreaterThan(0);
    return { currencies, en, pairs };
  }

  it('every ?cur_from=&cur_to= link in the texts opens exactly that pair', async () => {
    const links = allTexts.flatMap((text) => [...text.matchAll(/cur_from=(\w+)&cur_to=(\w+)/g)]);
    expect(links.length).toBeGreaterThan(0);
    for (const [, from, to] of links) {
      const data = await loadExchange(
        t.services.calculator,
        'ru',
        new URLSearchParams({ cur_from: from!, cur_to: to! }),
      );
      const code = (id: number | null) => data.currencies.find((c) => c.id === id)?.code;
      expect([code(data.fromId), code(data.toId)], `${from} -> ${to}`).toEqual([from, to]);
      expect(data.pair, `${from} -> ${to}`).not.toBeNull();
    }
  });

  it('the partner percentage and smallest payout the texts promise are the programme’s own', async () => {
    const user = await activeUser(t, 'demo-truth@example.com');
    const { access } = await login(t, user.email, user.password);
    const res = await t.inject({ method: 'GET', url: '/api/v1/users/me/refferal/', headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    const terms = res.json<{ percent: string; minWithdrawal: string }>();
    const referralTexts = [
      ...pageTexts('partners'),
      ...pageTexts('partners-monitoring'),
      ...demoContent.faq
        .filter((f) => /реферал|referral/i.test(f.question.ru + f.question.en))
        .flatMap((f) => localized(f.answer)),
    ];
    const promised = referralTexts.flatMap(percents);
    expect(promised.length).toBeGreaterThan(0);
    for (const p of promised) expect(new Big(p).eq(terms.percent), `${p}% vs ${terms.percent}%`).toBe(true);
    const minimums = referralTexts.flatMap((text) => [...text.matchAll(/(\d+) USDT/g)].map((m) => m[1]!));
    for (const m of minimums) expect(new Big(m).eq(terms.minWithdrawal), `${m} USDT`).toBe(true);
  });

  it('every promocode the texts name exists', () => {
    const named = allTexts.flatMap((text) =>
      [...text.matchAll(/(?:промокоду|promocode) \*\*(\w+)\*\*/g)].map((m) => m[1]),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const code of named) expect(demoPromocodes.map((p) => p.code)).toContain(code);
  });

  it('promises no live chat: none is configured by default (CHAT_SCRIPT_URL)', () => {
    for (const text of allTexts) expect(text).not.toMatch(/(^|[^а-яё])чат|\bchat\b/iu);
  });

  it('promises a link’s visitor for as long as the link is remembered, not for good (only a sign-up is)', async () => {
    for (const text of allTexts)
      expect(text).not.toMatch(/пришедший по ссылке, закрепляется|comes through your link stays/);
    const partners = pageTexts('partners').join('\n');
    expect(partners).toMatch(/30 дней/);
    expect(partners).toMatch(/30 days/);
    // The days the texts say are the `ref` cookie's own.
    const visit = await t.inject('/api/v1/calculator/?ref=ABCDEFGH');
    expect(visit.cookies.find((c) => c.name === 'ref')?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('promises the export as rebuilt on change, not on a timer', () => {
    for (const text of allTexts) expect(text).not.toMatch(/30 секунд|30 seconds/);
    expect(pageTexts('partners-monitoring').join('\n')).toContain('/export.xml');
  });

  it('names the buttons the customer really presses: the calculator’s and the claim page’s own labels', () => {
    for (const lang of ['ru', 'en'] as const) {
      const catalogue = strings(resources[lang]);
      const faq = faqTexts(lang).join('\n');
      // The FAQ's how-to names the calculator's button by the label it has.
      const submit = resources[lang].exchange.submit;
      expect(faq).toContain(lang === 'ru' ? `«${submit}»` : `"${submit}"`);
      const pressed = allTexts.flatMap((text) =>
        [...text.matchAll(lang === 'ru' ? /нажмите «([^»]+)»/g : /press "([^"]+)"/g)].map((m) => m[1]!),
      );
      expect(pressed.length).toBeGreaterThan(0);
      for (const label of pressed) expect(catalogue, `${lang}: ${label}`).toContain(label);
    }
  });

  it('asks for no card holder’s name where no card form asks for it', async () => {
    const { pairs } = await catalogue();
    const cardSends = pairs.filter((p) => p.from.kind === 'card');
    expect(cardSends.length).toBeGreaterThan(0);
    const asksName = cardSends.some((p) => p.pair.structure.from.inputs.some((i) => i.kind === 'text'));
    expect(asksName).toBe(false);
    for (const text of allTexts)
      expect(text).not.toMatch(/имя владельца|имя отправителя|имя получателя|holder['’]s name|card holder/i);
  });

  it('names only the currencies and networks the exchange has', async () => {
    const { currencies, en } = await catalogue();
    const known = new Set(
      [...currencies, ...en].flatMap((c) => [
        c.code,
        c.symbol,
        ...(c.network ? [c.network] : []),
        ...c.name.split(/[\s()]+/).filter(Boolean),
      ]),
    );
    // Upper-case words that are not money: the texts' abbreviations and the promocodes.
    const notMoney = ['AML', 'KYC', 'FATF', 'HTTPS', 'SMS', 'XML', 'JSON', 'IBAN'];
    const codes = demoPromocodes.map((p) => p.code);
    for (const text of allTexts) {
      for (const [word] of text.matchAll(/(?<![\p{L}\d])[A-Z][A-Z\d]{2,}(?![\p{L}\d])/gu))
        if (!notMoney.includes(word) && !codes.includes(word)) expect(known, `${word} in: ${text}`).toContain(word);
      // Tether on a network the exchange does not list (USDT TON, USDT BEP20)...
      for (const [, network] of text.matchAll(/USDT ([A-Z][A-Z\d]+)/g))
        expect(
          currencies.filter((c) => c.symbol === 'USDT').map((c) => c.network),
          `USDT ${network}`,
        ).toContain(network);
      // ...or a currency sign of money it does not handle (tenge, hryvnia, pound, yen, yuan).
      expect(text).not.toMatch(/[₸₴£¥]|тенге|KZT/);
    }
  });

  it('promises no exchange below the directions’ minimum (the contest, the limits news)', async () => {
    const { pairs } = await catalogue();
    const rubMinimums = pairs.flatMap(({ from, to, pair }) => [
      ...(from.symbol === 'RUB' && pair.from.min ? [Number(pair.from.min)] : []),
      ...(to.symbol === 'RUB' && pair.to.min ? [Number(pair.to.min)] : []),
    ]);
    expect(rubMinimums.length).toBeGreaterThan(0);
    const largest = Math.max(...rubMinimums);
    const promised = allTexts.flatMap((text) => [
      ...[...text.matchAll(/(?:от|минимальная —)\s+(\d[\d \u00a0]*\d)\s*₽/g)].map((m) => m[1]!),
      ...[...text.matchAll(/from RUB (\d[\d,]*\d)/g)].map((m) => m[1]!),
    ]);
    const contest = pageTexts('concurs').join('\n');
    expect(contest).toMatch(/от \d[\d \u00a0]*\d\s*₽/);
    expect(contest).toMatch(/from RUB \d/);
    for (const amount of promised)
      expect(Number(amount.replace(/[\s,]/g, '')), `${amount} vs ${largest}`).toBeGreaterThanOrEqual(largest);
  });

  it('states the payout times and confirmation counts the currencies’ notes state', async () => {
    const { pairs } = await catalogue();
    const notes = pairs.map((p) => p.pair.to.notify);
    const minutes = new Set(notes.flatMap((n) => ranges(n, /минут|minutes/)));
    const confirmations = new Set(notes.flatMap((n) => ranges(n, /подтверждени\p{L}*|\w+ confirmations/u)));
    expect([...minutes]).toEqual(['5-30']);
    expect([...confirmations]).toEqual(['1-3']);
    const [low, high] = [...confirmations][0]!.split('-').map(Number) as [number, number];
    const [, longest] = [...minutes][0]!.split('-').map(Number) as [number, number];
    for (const text of allTexts) {
      // Any range of minutes is the payout's own.
      for (const r of ranges(text, /минут|minutes/)) expect(minutes, `${r} in: ${text}`).toContain(r);
      for (const sentence of sentences(text)) {
        // A sentence about network confirmations counts them as the notes do.
        if (/подтверждени|confirmation/i.test(sentence))
          for (const n of numbers(sentence)) expect(n >= low && n <= high, `${n} in: ${sentence}`).toBe(true);
        // A payout or crediting said to take N minutes says no more than the notes' longest.
        if (/выплат|зачислен|payout/i.test(sentence))
          for (const [, n] of sentence.matchAll(/(\d+)\s*(?:минут|minutes)/g))
            expect(Number(n), sentence).toBeLessThanOrEqual(longest);
      }
    }
  });

  it('names the programme as the site does ("Партнёрская программа", "Partner programme"), never the referral one', () => {
    // The catalogues keep to it (app/i18n/resources.test.ts); the /partners page's heading and the FAQ said
    // "Referral programme" under the page's own title "Partner programme".
    const drift = allTexts.filter((text) => /referral programme|реферальн\S* (программ|раздел)/i.test(text));
    expect(drift).toEqual([]);
  });

  it('writes ranges with a dash in both languages, as the rules do ("5–30 minutes", never "5-30")', async () => {
    // The currencies' notes stand under the calculator's amounts; the rules page and FAQ say the same times.
    const notes: string[] = [];
    for (const locale of ['ru', 'en'] as const) {
      for (const from of (await t.services.calculator.directions(locale)).results)
        for (const toId of from.ids) {
          const pair = await t.services.calculator.pair(from.id, toId, locale);
          if (pair) notes.push(pair.from.notify, pair.to.notify);
        }
    }
    expect(notes.length).toBeGreaterThan(0);
    const hyphenated = [...notes, ...allTexts].filter((text) => /\d-\d/.test(text.replace(/\d{4}-\d{2}-\d{2}/g, '')));
    expect([...new Set(hyphenated)]).toEqual([]);
  });

  it('/sales says the bonus and a promocode add up, as the price breakdown shows them both', async () => {
    const sales = pageTexts('sales');
    for (const text of sales)
      expect(text).not.toMatch(
        /не суммируются|не складываются|do not add up|don['’]t add up|do not combine|самая выгодная|best for the customer/i,
      );
    expect(sales.join('\n')).toMatch(/суммируются/);
    expect(sales.join('\n')).toMatch(/add up/);
    // The bonus /sales promises: the pairs with a cryptocurrency give it, the rest none.
    const { pairs } = await catalogue();
    const salesBody = demoContent.pages.find((p) => p.slug === 'sales')!.body.ru;
    const bonus = new Big(salesBody.match(/курс станет лучше ещё на \*\*(\d+(?:,\d+)?)\s?%/)![1]!.replace(',', '.'));
    for (const { from, to, pair } of pairs) {
      const crypto = from.kind === 'crypto' || to.kind === 'crypto';
      expect(new Big(pair.bonus).eq(crypto ? bonus : 0), `${from.code} -> ${to.code}`).toBe(true);
    }
    // A logged-in customer with WELCOME: the price lists the bonus and the promocode both.
    const welcome = demoPromocodes.find((p) => p.code === 'WELCOME')!;
    const sample = pairs.find((p) => p.from.code === 'USDTTRC20' && p.to.code === 'SBERRUB')!;
    // The bonus is for whoever is logged in.
    const mine = await t.services.calculator.pair(sample.from.id, sample.to.id, 'ru', true);
    const parts = quoteLines(quote(mine!, mine!.breakdown, '1000', welcome.discountPercent)).map((l) => l.part);
    expect(parts).toEqual(expect.arrayContaining(['bonus', 'promocode']));
  });

  it('shows pay-in details that read in either language: Latin holders, labels without pool numbers', async () => {
    const details = await t.database.db.select().from(paymentDetails);
    expect(details.length).toBeGreaterThan(0);
    for (const d of details) {
      // The holder is one string on both sites.
      if (d.holder) expect(d.holder, d.value).not.toMatch(/\p{Script=Cyrillic}/u);
      expect(d.label.en, d.value).not.toMatch(/\p{Script=Cyrillic}/u);
      // The pool's order is the operator's business, not a field name the customer copies from.
      expect(d.label.en, d.value).not.toMatch(/#\d/);
      expect(d.label.ru, d.value).not.toMatch(/№\s*\d/);
    }
  });
});

/**
 * The demo's prose writes numbers as the interface beside it does (docs/i18n.md, "Numbers in prose"; shared/format.ts):
 * a reader meets "0,4 %" in the rules and "0,4 %" on the calculator, never "0,4%" in one and "0,4 %" in the other.
 */
describe('the demo content writes numbers as the interface does', () => {
  const tagged = [
    ...demoContent.pages.flatMap((p) => [p.title, p.description, p.body]),
    ...demoContent.faq.flatMap((f) => [f.question, f.answer]),
  ].flatMap((t) => [
    { lang: 'ru' as const, text: t.ru },
    { lang: 'en' as const, text: t.en },
  ]);
  const texts = [
    ...tagged,
    ...demoContent.news.flatMap((n) => [n.title, n.summary, n.body].map((text) => ({ lang: n.locale, text }))),
  ];
  const found = (re: RegExp, lang: 'ru' | 'en') =>
    texts.filter((t) => t.lang === lang).flatMap((t) => [...t.text.matchAll(re)].map((m) => m[0]));

  it('has texts in both languages to check', () => {
    expect(found(/\d/g, 'ru').length).toBeGreaterThan(50);
    expect(found(/\d/g, 'en').length).toBeGreaterThan(50);
  });

  it('Russian: a no-break space before "%", between thousands and before a ticker or "₽" ("0,4 %", "5 000 ₽")', () => {
    expect(found(/\d ?%/g, 'ru')).toEqual([]);
    // A group of thousands standing on its own: not a date's "12 января 2027" or a card's digits in fours.
    expect(found(/(?<![\p{L}\d])\d{1,3}(?: \d{3})+(?![\p{L}\d])/gu, 'ru')).toEqual([]);
    expect(found(/\d (?:[A-Z]{3,5}\b|₽)/g, 'ru')).toEqual([]);
  });

  it('English: "0.4%" without a space, thousands with a comma, a no-break space before a ticker ("10 USDT")', () => {
    expect(found(/\d[ \u00a0]%/g, 'en')).toEqual([]);
    expect(found(/(?<![\p{L}\d])\d{1,3}(?:[ \u00a0]\d{3})+(?![\p{L}\d])/gu, 'en')).toEqual([]);
    expect(found(/\d (?:[A-Z]{3,5}\b|₽)/g, 'en')).toEqual([]);
  });
});
