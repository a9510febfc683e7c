import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExchange } from '../../app/lib/exchange/initial.ts';
import { demoContent } from '../../server/db/demo-content.ts';
import { demoPromocodes } from '../../server/db/demo-promocodes.ts';
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

describe('the demo content tells the truth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false });
  });
  afterAll(async () => t.close());

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

  it('every promo code the texts name exists', () => {
    const named = allTexts.flatMap((text) =>
      [...text.matchAll(/(?:промокоду|promo code) \*\*(\w+)\*\*/g)].map((m) => m[1]),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const code of named) expect(demoPromocodes.map((p) => p.code)).toContain(code);
  });

  it('promises no live chat: none is configured by default (CHAT_SCRIPT_URL)', () => {
    for (const text of allTexts) expect(text).not.toMatch(/(^|[^а-яё])чат|\bchat\b/iu);
  });

  it('promises the export as rebuilt on change, not on a timer', () => {
    for (const text of allTexts) expect(text).not.toMatch(/30 секунд|30 seconds/);
    expect(pageTexts('partners-monitoring').join('\n')).toContain('/export.xml');
  });
});
