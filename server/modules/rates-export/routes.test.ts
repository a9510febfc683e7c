import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Big from 'big.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportItem, ExportStatus } from '../../../shared/schemas/rates-export.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { login } from '../../../tests/helpers/accounts.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { staffUser, type StaffUser } from '../../../tests/helpers/staff.ts';
import { currencies, directions } from '../../db/schema-exchange.ts';

/** The items of the XML as a monitor's parser sees them: each `<item>`'s child elements by name. */
function parseXml(xml: string): Record<string, string>[] {
  return [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map(([, inner]) =>
    Object.fromEntries([...inner!.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map(([, k, v]) => [k!, v!])),
  );
}

const pairKey = (i: { from: string; to: string }) => `${i.from}>${i.to}`;

describe('rates export for monitors (/export.xml, /export.json)', () => {
  let t: TestApp;
  let admin: StaffUser;
  const xml = async () => parseXml((await t.inject('/export.xml')).body);
  const json = async () => ((await t.inject('/export.json')).json() as { rates: ExportItem[] }).rates;
  const status = async () => (await admin.inject({ url: '/api/v1/admin/export/' })).json() as ExportStatus;
  const idOf = async (code: string) =>
    (await t.database.db.select().from(currencies).where(eq(currencies.code, code)))[0]!.id;
  async function directionId(from: string, to: string) {
    const [fromId, toId] = [await idOf(from), await idOf(to)];
    const all = await t.database.db.select().from(directions);
    return all.find((d) => d.fromCurrencyId === fromId && d.toCurrencyId === toId)!.id;
  }

  beforeAll(async () => {
    t = await build({ ssr: false });
    admin = await staffUser(t, 'admin');
  });
  afterAll(async () => t.close());

  it('is BestChange XML: one item per direction on sale, codes the home page takes, the calculator course', async () => {
    const res = await t.inject('/export.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rates>\n<item>/);
    expect(res.body.trimEnd().endsWith('</rates>')).toBe(true);
    const items = parseXml(res.body);
    expect(items.length).toBeGreaterThanOrEqual(30);
    const sold = (await t.inject('/api/v1/calculator/')).json() as {
      results: { id: number; code: string; ids: number[] }[];
    };
    const onSale = sold.results.reduce((n, c) => n + c.ids.length, 0);
    expect(items).toHaveLength(onSale);

    for (const item of items) {
      expect(Object.keys(item).slice(0, 5)).toEqual(['from', 'to', 'in', 'out', 'amount']);
      // One precision for the whole file: at most eight places on either side.
      expect(item.in, pairKey(item as ExportItem)).toMatch(/^\d+(\.\d{1,8})?$/);
      expect(item.out, pairKey(item as ExportItem)).toMatch(/^\d+(\.\d{1,8})?$/);
      expect(item.param).toBe('manual');
      // The codes are the ones a monitor's link `/?cur_from=&cur_to=` carries: the home page resolves both.
      const attrs = (await t.inject(`/api/v1/calculator/settings/?cur_from=${item.from}&cur_to=${item.to}`)).json() as {
        exchangeAttributes: { fromCurrencyId: number | null; toCurrencyId: number | null };
      };
      const { fromCurrencyId: f, toCurrencyId: to } = attrs.exchangeAttributes;
      expect(f, item.from).not.toBeNull();
      expect(to, item.to).not.toBeNull();
      // out / in is the course the calculator sells at to a guest, to 0.1 %.
      const course = ((await t.inject(`/api/v1/calculator/course/${f}/${to}/`)).json() as { course: string }).course;
      const ratio = new Big(item.out!).div(item.in!);
      expect(ratio.minus(course).abs().div(course).lte('0.001'), `${pairKey(item as ExportItem)} ${course}`).toBe(true);
      // amount is the reserve of `to`; the limits are in `from`, with its ticker.
      const pair = (await t.inject(`/api/v1/calculator/pair/${f}/${to}/`)).json() as {
        to: { reserve: string };
      };
      expect(item.amount).toBe(pair.to.reserve);
      expect(item.maxamount).toMatch(/^\d+(\.\d+)? \w+$/);
    }
    const cash = items.find((i) => i.to === 'CASHRUB');
    expect(cash?.city).toBe('MSK');
  });

  it('writes RUB -> BTC, a course of ~1e-7 from BTCRUB inverted, as the source price with the markup', async () => {
    // Demo: BTC at 8 950 000 RUB, RUB -> BTC with a 3.5 % markup; 8 950 000 / 0.965 = 9 274 611.3989637...
    const item = (await xml()).find((i) => i.from === 'SBERRUB' && i.to === 'BTC')!;
    expect(item.out).toBe('1');
    // One over the course of 18 places, rounded up to 8 (a course cut to 12 places gave 9274717.12112781).
    expect(item.in).toBe('9274611.39898776');
    expect(new Big(item.in!).round(2, Big.roundUp).toFixed(2)).toBe('9274611.40');
    const back = (await xml()).find((i) => i.from === 'BTC' && i.to === 'SBERRUB')!;
    expect([back.in, back.out]).toEqual(['1', '8681500']); // 8 950 000 less 3 %
  });

  it('has a JSON twin with the same items', async () => {
    const res = await t.inject('/export.json');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await json()).toEqual(await xml());
  });

  it('serves ready bytes: gzip and brotli, an ETag and Last-Modified answering 304 both ways', async () => {
    const plain = await t.inject('/export.xml');
    const gz = await t.inject({ url: '/export.xml', headers: { 'accept-encoding': 'gzip' } });
    const br = await t.inject({ url: '/export.xml', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const { etag, 'last-modified': lastModified } = plain.headers as Record<string, string>;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(lastModified!).getTime()).toBeLessThanOrEqual(Date.now());

    const byTag = await t.inject({ url: '/export.xml', headers: { 'if-none-match': etag! } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    const byDate = await t.inject({ url: '/export.xml', headers: { 'if-modified-since': lastModified! } });
    expect(byDate.statusCode).toBe(304);
    const older = new Date(Date.parse(lastModified!) - 60_000).toUTCString();
    expect((await t.inject({ url: '/export.xml', headers: { 'if-modified-since': older } })).statusCode).toBe(200);
    expect((await t.inject({ url: '/export.xml', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('is rebuilt after an edit: a reserve change shows at once, and the old copy is no longer current', async () => {
    const before = await t.inject('/export.xml');
    const sber = await idOf('SBERRUB');
    const amountBefore = parseXml(before.body).find((i) => i.to === 'SBERRUB')!.amount!;
    const res = await admin.inject({
      method: 'POST',
      url: `/api/v1/admin/currencies/${sber}/reserve/`,
      payload: { delta: '1000', reason: 'export test' },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.inject({ url: '/export.xml', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(parseXml(after.body).find((i) => i.to === 'SBERRUB')!.amount).toBe(
      new Big(amountBefore).plus(1000).toFixed(),
    );
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('carries a direction’s fees as fromfee/tofee with their tickers, as set in the console', async () => {
    const id = await directionId('BTC', 'USDTTRC20');
    const put = await admin.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${id}/`,
      payload: { fromFee: '0.0001', toFee: '1.5' },
    });
    expect(put.statusCode).toBe(200);
    const item = (await xml()).find((i) => i.from === 'BTC' && i.to === 'USDTTRC20')!;
    expect(item).toMatchObject({ fromfee: '0.0001 BTC', tofee: '1.5 USDT' });
    expect((await json()).find((i) => i.from === 'BTC' && i.to === 'USDTTRC20')).toMatchObject(item);
    // A direction without fees says nothing about them.
    expect((await xml()).find((i) => i.from === 'BTC' && i.to === 'SBERRUB')).not.toHaveProperty('fromfee');
    await admin.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${id}/`,
      payload: { fromFee: '0', toFee: '0' },
    });
  });

  it('offers as maxamount exactly what a claim may send when the reserve sets it, the fees included', async () => {
    const id = await directionId('BTC', 'USDTTRC20');
    const fees = { fromFee: '0.0001', toFee: '1.5' };
    expect(
      (await admin.inject({ method: 'PUT', url: `/api/v1/admin/directions/${id}/`, payload: fees })).statusCode,
    ).toBe(200);
    // A reserve of 500 USDT: well under what the direction's own limits allow, so the reserve sets the maximum.
    const usdt = await idOf('USDTTRC20');
    const claims = claimHelpers(t);
    const reserve = (await claims.pair('BTC', 'USDTTRC20')).to.reserve;
    const delta = new Big(500).minus(reserve).toFixed();
    const set = await admin.inject({
      method: 'POST',
      url: `/api/v1/admin/currencies/${usdt}/reserve/`,
      payload: { delta, reason: 'export maxamount test' },
    });
    expect(set.statusCode).toBe(200);

    const item = (await xml()).find((i) => i.from === 'BTC' && i.to === 'USDTTRC20')!;
    expect(item.amount).toBe('500');
    const max = item.maxamount!.split(' ')[0]!;
    // A claim for the whole maximum is taken; one satoshi more is refused for the reserve.
    const pair = await claims.pair('BTC', 'USDTTRC20');
    const step = new Big(1).div(new Big(10).pow(pair.from.roundCalculator));
    const over = await claims.create(await claims.body('BTC', 'USDTTRC20', new Big(max).plus(step).toFixed()));
    expect(over.statusCode).toBe(400);
    expect((over.json() as Record<string, string[]>).toSumma?.[0]).toMatch(/^Недостаточно резерва/);
    expect((await claims.create(await claims.body('BTC', 'USDTTRC20', max))).statusCode).toBe(201);

    // An empty reserve covers nothing, however the fees would count (a receive fee of 100 USDT "covers" more than the
    // direction's minimum).
    await admin.inject({ method: 'PUT', url: `/api/v1/admin/directions/${id}/`, payload: { toFee: '100' } });
    const left = (await claims.pair('BTC', 'USDTTRC20')).to.reserve;
    const empty = await admin.inject({
      method: 'POST',
      url: `/api/v1/admin/currencies/${usdt}/reserve/`,
      payload: { delta: new Big(left).times(-1).toFixed(), reason: 'export maxamount test' },
    });
    expect(empty.statusCode).toBe(200);
    expect((await xml()).some((i) => i.from === 'BTC' && i.to === 'USDTTRC20')).toBe(false);
    expect((await status()).leftOut.find((l) => l.from === 'BTC' && l.to === 'USDTTRC20')?.reason).toBe('no_reserve');
    // The calculator by the same rule: the pair is not offered, nor priced past the reserve ("Min 54.32, Max 11.19").
    const [btc, usdtId] = [await idOf('BTC'), usdt];
    expect((await t.inject(`/api/v1/calculator/pair/${btc}/${usdtId}/`)).statusCode).toBe(404);
    const targets = (await t.inject(`/api/v1/calculator/from/${btc}/`)).json() as { results: { id: number }[] };
    expect(targets.results.map((r) => r.id)).not.toContain(usdtId);

    // As it was: the reserve and the fees; the pair is on sale again at once.
    await admin.inject({
      method: 'POST',
      url: `/api/v1/admin/currencies/${usdt}/reserve/`,
      payload: { delta: reserve, reason: 'export maxamount test' },
    });
    expect((await t.inject(`/api/v1/calculator/pair/${btc}/${usdtId}/`)).statusCode).toBe(200);
    await admin.inject({
      method: 'PUT',
      url: `/api/v1/admin/directions/${id}/`,
      payload: { fromFee: '0', toFee: '0' },
    });
  });

  it('leaves out what a guest cannot buy now: off, stale, without payment details; the console says why', async () => {
    const off = await directionId('BTC', 'SBERRUB');
    expect(
      (await admin.inject({ method: 'PUT', url: `/api/v1/admin/directions/${off}/`, payload: { active: false } }))
        .statusCode,
    ).toBe(200);

    // A source-priced direction whose last rate is older than its limit.
    const [source] = await t.database.db.select().from(directions).where(eq(directions.courseMode, 'source'));
    await t.database.db
      .update(directions)
      .set({ sourceUpdatedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(directions.id, source!.id));
    expect(
      (
        await admin.inject({
          method: 'PUT',
          url: `/api/v1/admin/directions/${source!.id}/`,
          payload: { maxRateAgeMinutes: 2 },
        })
      ).statusCode,
    ).toBe(200);

    // Every payment detail of a currency switched off: nobody can pay in it.
    const pool = (
      (await admin.inject({ url: '/api/v1/admin/payment-details/?currency=TCSBRUB' })).json() as {
        results: { id: number; active: boolean }[];
      }
    ).results;
    for (const p of pool.filter((x) => x.active)) {
      const r = await admin.inject({
        method: 'PUT',
        url: `/api/v1/admin/payment-details/${p.id}/active/`,
        payload: { active: false, confirm: true },
      });
      expect(r.statusCode).toBe(200);
    }

    const items = await xml();
    const code = async (id: number) =>
      (await t.database.db.select().from(currencies).where(eq(currencies.id, id)))[0]!.code;
    const staleKey = `${await code(source!.fromCurrencyId)}>${await code(source!.toCurrencyId)}`;
    const keys = new Set(items.map((i) => pairKey(i as ExportItem)));
    expect(keys.has('BTC>SBERRUB')).toBe(false);
    expect(keys.has(staleKey)).toBe(false);
    expect(items.some((i) => i.from === 'TCSBRUB')).toBe(false);
    expect(items.some((i) => i.to === 'TCSBRUB')).toBe(true); // paying out in it still works

    const s = await status();
    expect(s.carried).toBe(items.length);
    const why = new Map(s.leftOut.map((l) => [pairKey(l), l.reason]));
    expect(why.get('BTC>SBERRUB')).toBe('off');
    expect(why.get(staleKey)).toBe('stale');
    expect([...why].filter(([k]) => k.startsWith('TCSBRUB>')).every(([, r]) => r === 'no_details')).toBe(true);
    expect([...why].some(([k]) => k.startsWith('TCSBRUB>'))).toBe(true);
  });

  it('drops a direction the moment its rate goes stale, with no edit in between', async () => {
    const [d] = await t.database.db
      .select()
      .from(directions)
      .where(eq(directions.courseMode, 'source'))
      .orderBy(directions.id)
      .offset(1)
      .limit(1);
    // Stale 1.5 s from now (a one-minute limit on a rate fetched 58.5 s ago).
    await t.database.db
      .update(directions)
      .set({ sourceUpdatedAt: new Date(Date.now() - 58_500), maxRateAgeMinutes: 1 })
      .where(eq(directions.id, d!.id));
    t.services.calculator.cache.invalidate();
    const inFile = async () => (await status()).leftOut.every((l) => l.id !== d!.id);
    expect(await inFile()).toBe(true);
    await new Promise((r) => setTimeout(r, 1700));
    expect(await inFile()).toBe(false);
    expect((await status()).leftOut.find((l) => l.id === d!.id)?.reason).toBe('stale');
  });

  it('is an empty <rates/> while the site is in maintenance', async () => {
    const on = await admin.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/maintenance/',
      payload: { enabled: true, message: { ru: 'Работы', en: 'Works' } },
    });
    expect(on.statusCode).toBe(200);
    const res = await t.inject('/export.xml');
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<rates/>\n');
    expect(await json()).toEqual([]);
    expect((await status()).maintenance).toBe(true);
    await admin.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/maintenance/',
      payload: { enabled: false, message: { ru: '', en: '' } },
    });
    expect((await xml()).length).toBeGreaterThan(0);
  });

  it('the console report is for staff only', async () => {
    expect((await t.inject('/api/v1/admin/export/')).statusCode).toBe(401);
    const customer = await staffUser(t, 'customer');
    expect((await customer.inject({ url: '/api/v1/admin/export/' })).statusCode).toBe(403);
  });
});

describe('the console page of the export (/admin/export)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: true, env: { JOBS: 'false' } });
  });
  afterAll(async () => t.close());

  it('shows an operator what the file carries, what it left out and why, and its address, in ru and en', async () => {
    const operator = await staffUser(t, 'operator');
    const { cookie } = await login(t, operator.email, 'operator password 1');
    const [d] = await t.database.db.select().from(directions).orderBy(directions.id).limit(1);
    await operator.inject({ method: 'PUT', url: `/api/v1/admin/directions/${d!.id}/`, payload: { active: false } });
    const carried = parseXml((await t.inject('/export.xml')).body).length;

    const ru = await t.inject({ url: '/admin/export', cookies: { refreshToken: cookie } });
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('Экспорт курсов');
    expect(ru.body).toMatch(new RegExp(`data-testid="export-carried"[^>]*>${carried}<`));
    expect(ru.body).toContain('data-reason="off"');
    expect(ru.body).toContain('выключено (или валюта скрыта)');
    expect(ru.body).toContain('href="http://localhost:3000/export.xml"');
    const en = await t.inject({ url: '/en/admin/export', cookies: { refreshToken: cookie } });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('Left out of the file');
    expect(en.body).toContain('switched off (or a currency hidden)');
  });
});

describe('the export in the API document', () => {
  it('lists both files with their 200 and 304 answers', async () => {
    const t = await build({ ssr: false, seed: false });
    try {
      const doc = (await t.inject('/api/docs/json')).json() as {
        paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      };
      for (const path of ['/export.xml', '/export.json'])
        expect(Object.keys(doc.paths[path]?.get?.responses ?? {}), path).toEqual(['200', '304', '503']);
    } finally {
      await t.close();
    }
  });
});
