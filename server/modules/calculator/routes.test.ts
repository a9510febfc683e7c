import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { seedExchange } from '../../db/demo-exchange.ts';
import { checkRequisite, regExpMatch } from '../../../shared/exchange/requisites.ts';
import { re2Match } from '../../requisite-patterns.ts';
import { courseDecimals } from '../../../shared/exchange/calculator.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import { activeUser, bearer, login } from '../../../tests/helpers/accounts.ts';

type Item = {
  id: number;
  code: string;
  name: string;
  ids: number[];
  from: { visible: boolean };
  to: { visible: boolean };
};
type List<T> = { count: number; next: null; previous: null; results: T[] };

describe('calculator API', () => {
  let t: TestApp;
  let byCode: Map<string, Item>;
  const id = (code: string) => byCode.get(code)!.id;

  beforeAll(async () => {
    t = await build({ ssr: false });
    const res = await t.inject('/api/v1/calculator/');
    byCode = new Map((res.json() as List<Item>).results.map((c) => [c.code, c]));
  });
  afterAll(async () => t.close());

  it('lists the demo currencies with visibility and the ids each can be exchanged into', async () => {
    const res = await t.inject('/api/v1/calculator/');
    expect(res.statusCode).toBe(200);
    const body = res.json() as List<Item>;
    expect(body.count).toBeGreaterThanOrEqual(12);
    const sber = byCode.get('SBERRUB')!;
    expect(sber).toMatchObject({ name: 'Сбербанк RUB', from: { visible: true }, to: { visible: true } });
    expect(sber.ids).toContain(id('USDTTRC20'));
    expect(body.results.reduce((n, c) => n + c.ids.length, 0)).toBeGreaterThanOrEqual(30);
    for (const code of ['SBERRUB', 'TCSBRUB', 'USDTTRC20', 'USDTERC20', 'BTC', 'ETH', 'LTC', 'TON', 'CASHRUB'])
      expect(byCode.has(code), code).toBe(true);
  });

  it('seeds the demo exchange once: a second run leaves an exchange with currencies alone', async () => {
    expect(await seedExchange(t.database.db)).toBe(false);
    const again = (await t.inject('/api/v1/calculator/')).json() as List<Item>;
    expect(again.count).toBe(byCode.size);
  });

  it('names currencies in the locale of the path (/en/api/...)', async () => {
    const res = await t.inject('/en/api/v1/calculator/');
    const sber = (res.json() as List<Item>).results.find((c) => c.code === 'SBERRUB');
    expect(sber?.name).toBe('Sberbank RUB');
  });

  it('serves the ready bytes compressed, with an ETag that answers 304', async () => {
    const plain = await t.inject('/api/v1/calculator/');
    const gz = await t.inject({ url: '/api/v1/calculator/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await t.inject({ url: '/api/v1/calculator/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // Cached public JSON skips helmet's HTML headers but keeps the ones that matter for JSON.
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(plain.headers['content-security-policy']).toBeUndefined();
    const again = await t.inject({
      url: '/api/v1/calculator/',
      headers: { 'if-none-match': plain.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('lists what can be sent and what can be received for it', async () => {
    const from = (await t.inject('/api/v1/calculator/from/')).json() as List<Item>;
    expect(from.results.map((c) => c.code)).toContain('BTC');
    const to = await t.inject(`/api/v1/calculator/from/${id('BTC')}/`);
    expect(to.statusCode).toBe(200);
    const codes = (to.json() as List<Item>).results.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['SBERRUB', 'TCSBRUB', 'USDTTRC20']));
    expect(codes).not.toContain('BTC');
    expect((await t.inject('/api/v1/calculator/from/999999/')).statusCode).toBe(404);
    expect((await t.inject('/api/v1/calculator/from/abc/')).statusCode).toBe(404);
  });

  it('gives pair settings: course, bonus, limits, rounding, notices and the requisite structure', async () => {
    const res = await t.inject(`/api/v1/calculator/pair/${id('USDTTRC20')}/${id('SBERRUB')}/`);
    expect(res.statusCode).toBe(200);
    const pair = res.json() as PairSettings;
    expect(pair.course).toMatch(/^\d+(\.\d+)?$/);
    // USDT ~92 RUB, lowered by the markup.
    expect(new Big(pair.course).gt(85) && new Big(pair.course).lt(92.05)).toBe(true);
    expect(pair.bonus).toBe('0.5');
    expect(pair.from).toMatchObject({ roundCalculator: 2 });
    expect(typeof pair.from.notify).toBe('string');
    expect(pair.to.reserve).toBe('8500000');
    expect(pair.structure.from).toMatchObject({ currency: 'USDTTRC20', network: 'TRC20' });
    expect(pair.structure.to.currency).toBe('SBERRUB');
    expect(pair.structure.to.inputs.map((i) => i.name)).toEqual(['card', 'holder']);
    expect(pair.structure.to.inputs[0]).toMatchObject({ kind: 'card', visible: true, required: true });
    expect(pair.structure.to.inputs[0]!.label).toBe('Номер карты получателя');
  });

  it('gives each input the example of the page’s language: a Russian name on Russian pages, a Latin one in English', async () => {
    const usdt = byCode.get('USDTTRC20')!.id;
    const sber = byCode.get('SBERRUB')!.id;
    const holder = async (prefix: string) => {
      const pair = (await t.inject(`${prefix}/api/v1/calculator/pair/${usdt}/${sber}/`)).json() as PairSettings;
      return pair.structure.to.inputs.find((i) => i.name === 'holder')!;
    };
    expect((await holder('')).example).toBe('Иван Петров');
    const en = await holder('/en');
    expect(en.example).toBe('Ivan Petrov');
    // One example per answer: the other language's is not sent.
    expect(Object.keys(en)).not.toContain('exampleEn');
  });

  it('every input example of every pair passes its own rules (it is the form placeholder)', async () => {
    for (const c of byCode.values()) {
      for (const to of c.ids) {
        const pair = (await t.inject(`/api/v1/calculator/pair/${c.id}/${to}/`)).json() as PairSettings;
        for (const side of ['from', 'to'] as const) {
          for (const input of pair.structure[side].inputs) {
            const label = { ru: input.label, en: input.label };
            expect(
              checkRequisite({ ...input, label }, pair.structure[side].network, input.example),
              input.name,
            ).toBeNull();
            expect(
              checkRequisite({ ...input, label }, pair.structure[side].network, input.example, re2Match),
              input.name,
            ).toBeNull();
            // The browser checks with RegExp, the server with RE2: the same answer on the example and near it.
            if (input.pattern) {
              for (const value of [input.example, `${input.example}!`, input.example.slice(1), ' ', '\u00a0x']) {
                expect(re2Match(input.pattern, value), `${input.pattern} ${value}`).toBe(
                  regExpMatch(input.pattern, value),
                );
              }
            }
          }
        }
      }
    }
  });

  it('answers 404 for a missing or malformed pair', async () => {
    expect((await t.inject(`/api/v1/calculator/pair/${id('BTC')}/${id('BTC')}/`)).statusCode).toBe(404);
    expect((await t.inject('/api/v1/calculator/pair/1/x/')).statusCode).toBe(404);
    const res = await t.inject('/api/v1/calculator/pair/999/998/');
    expect(res.json()).toEqual({ detail: 'Не найдено.', code: 'not_found' });
  });

  it('gives the course in both notations', async () => {
    const res = await t.inject(`/api/v1/calculator/course/${id('SBERRUB')}/${id('USDTTRC20')}/`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { course: string; in: string; out: string };
    expect(new Big(body.course).lt(1)).toBe(true);
    expect(body.out).toBe('1');
    expect(new Big(body.in).gt(92)).toBe(true);
    // A course of ~1e-7 (RUB -> BTC, BTC at 8 950 000 RUB, 3.5 % markup) keeps 18 places: `in` is 8 950 000 / 0.965.
    const btc = (await t.inject(`/api/v1/calculator/course/${id('SBERRUB')}/${id('BTC')}/`)).json() as typeof body;
    expect(btc).toMatchObject({ course: '0.00000010782122905', in: '9274611.39898776', out: '1' });
    expect((await t.inject('/api/v1/calculator/course/0/0/')).statusCode).toBe(404);
  });

  it('lists reserves with ids', async () => {
    const body = (await t.inject('/api/v1/calculator/reserves/')).json() as List<{ id: number; reserve: string }>;
    expect(body.results.find((r) => r.id === id('BTC'))?.reserve).toBe('4.2');
  });

  it('maps monitor codes to exchangeAttributes and keeps the contest', async () => {
    const res = await t.inject('/api/v1/calculator/settings/?cur_from=SBERRUB&cur_to=usdttrc20');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { contest: unknown; exchangeAttributes: unknown };
    expect(body.contest).toBeDefined();
    expect(body.exchangeAttributes).toEqual({ fromCurrencyId: id('SBERRUB'), toCurrencyId: id('USDTTRC20') });
    const unknown = (await t.inject('/api/v1/calculator/settings/?cur_from=NOPE')).json() as {
      exchangeAttributes: unknown;
    };
    expect(unknown.exchangeAttributes).toEqual({ fromCurrencyId: null, toCurrencyId: null });
    const plain = (await t.inject('/api/v1/calculator/settings/')).json() as Record<string, unknown>;
    expect(plain).not.toHaveProperty('exchangeAttributes');
  });

  it('reports maintenance and rebuilds the hot answers after a change', async () => {
    expect((await t.inject('/api/v1/calculator/tech/')).json()).toEqual({ maintenance: false, message: '' });
    await t.services.calculator.setMaintenance({
      enabled: true,
      message: { ru: 'Работы до 12:00', en: 'Maintenance until 12:00' },
    });
    expect((await t.inject('/en/api/v1/calculator/tech/')).json()).toEqual({
      maintenance: true,
      message: 'Maintenance until 12:00',
    });
    await t.services.calculator.setMaintenance({ enabled: false, message: { ru: '', en: '' } });

    const url = `/api/v1/calculator/course/${id('USDTTRC20')}/${id('BTC')}/`;
    const before = (await t.inject(url)).json() as { course: string };
    await t.services.calculator.setSourceRate('binance:USDTBTC', '0.00002');
    const after = (await t.inject(url)).json() as { course: string };
    expect(after.course).not.toBe(before.course);
    expect(after.course).toBe('0.0000197'); // 0.00002 lowered by the 1.5% markup

    const dir = (await t.services.calculator.catalogue()).directions.find(
      (d) => d.fromCurrencyId === id('USDTTRC20') && d.toCurrencyId === id('BTC'),
    )!;
    await t.services.calculator.updateDirection(dir.id, { active: false });
    expect((await t.inject(url)).statusCode).toBe(404);
    const list = (await t.inject(`/api/v1/calculator/from/${id('USDTTRC20')}/`)).json() as List<Item>;
    expect(list.results.map((c) => c.code)).not.toContain('BTC');
    await t.services.calculator.updateDirection(dir.id, { active: true });
    expect((await t.inject(url)).statusCode).toBe(200);
  });

  it('personalises the pair for a logged-in customer without caching it; a bad token is 401', async () => {
    const url = `/api/v1/calculator/pair/${id('USDTTRC20')}/${id('SBERRUB')}/`;
    const guest = (await t.inject(url)).json() as PairSettings;
    const account = await activeUser(t, 'pair-customer@example.com');
    const { access } = await login(t, account.email, account.password);
    const res = await t.inject({ url, headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const mine = res.json() as PairSettings;
    expect(mine.course).toBe(new Big(guest.course).times('1.005').round(courseDecimals, 0).toFixed());
    expect(((await t.inject(url)).json() as PairSettings).course).toBe(guest.course);
    const forged = await t.inject({ url, headers: { authorization: 'Bearer x' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'token_not_valid' });
  });
});
