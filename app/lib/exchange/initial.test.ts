import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { directions } from '../../../server/db/schema-exchange.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { loadExchange, pickPair, type CurrencyOption } from './initial.ts';

const option = (id: number, send: boolean, ids: number[]): CurrencyOption => ({
  id,
  code: `C${id}`,
  name: `Currency ${id}`,
  symbol: 'X',
  decimals: 8,
  kind: 'crypto',
  network: null,
  logo: '',
  send,
  ids,
});

describe('pickPair (docs/product/behaviour.md preselection)', () => {
  // 1 sends to 3 and 4; 2 sends to 4 only; 3 and 4 cannot be sent.
  const currencies = [option(1, true, [4, 3]), option(2, true, [4]), option(3, false, []), option(4, false, [])];

  it('takes the first send currency and the first (in list order) it can be exchanged into by default', () => {
    expect(pickPair(currencies, { fromId: null, toId: null })).toEqual({ fromId: 1, toId: 3 });
  });

  it('takes the wanted pair when it exists', () => {
    expect(pickPair(currencies, { fromId: 2, toId: 4 })).toEqual({ fromId: 2, toId: 4 });
  });

  it('falls back to the first allowed receive currency when the wanted one does not go with the send one', () => {
    expect(pickPair(currencies, { fromId: 2, toId: 3 })).toEqual({ fromId: 2, toId: 4 });
  });

  it('with only a known receive currency, takes the first send currency exchanging into it', () => {
    expect(pickPair([option(1, true, [3]), ...currencies.slice(1)], { fromId: null, toId: 4 })).toEqual({
      fromId: 2,
      toId: 4,
    });
  });

  it('gives nothing when nothing can be sent', () => {
    expect(pickPair([option(3, false, [])], { fromId: null, toId: null })).toEqual({ fromId: null, toId: null });
  });
});

describe('loadExchange (the home loader’s data, from the services)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false });
  });
  afterAll(async () => t.close());

  it('preselects ?cur_from=&cur_to= by monitor code and brings that pair’s settings in the locale', async () => {
    const data = await loadExchange(t.services.calculator, 'en', new URLSearchParams('cur_from=btc&cur_to=SBERRUB'));
    const code = (id: number | null) => data.currencies.find((c) => c.id === id)?.code;
    expect([code(data.fromId), code(data.toId)]).toEqual(['BTC', 'SBERRUB']);
    expect(data.pair?.structure.to.inputs.map((i) => i.label)).toContain('Recipient card number');
    expect(data.pair?.to.reserve).toMatch(/^\d+(\.\d+)?$/);
    expect(data.tech).toEqual({ maintenance: false, message: '' });
    expect(data.linkUnavailable).toBeUndefined();
  });

  it('says when the linked pair is off sale: the page opens another, and tells', async () => {
    const wanted = new URLSearchParams('cur_from=SBERRUB&cur_to=USDTTRC20');
    expect((await loadExchange(t.services.calculator, 'ru', wanted)).linkUnavailable).toBeUndefined();
    const [sber, usdt] = await Promise.all(
      ['SBERRUB', 'USDTTRC20'].map(
        async (c) => (await t.services.calculator.exchangeAttributes(c, undefined)).fromCurrencyId,
      ),
    );
    const direction = (await t.services.calculator.catalogue()).directions.find(
      (d) => d.fromCurrencyId === sber && d.toCurrencyId === usdt,
    )!;
    await t.database.db.update(directions).set({ active: false }).where(eq(directions.id, direction.id));
    t.services.calculator.cache.invalidate();
    try {
      const off = await loadExchange(t.services.calculator, 'ru', wanted);
      expect(off.linkUnavailable).toBe(true);
      expect([off.fromId, off.toId]).not.toEqual([sber, usdt]);
    } finally {
      await t.database.db.update(directions).set({ active: true }).where(eq(directions.id, direction.id));
      t.services.calculator.cache.invalidate();
    }
  });

  it('starts from the first currencies without a query, and ignores unknown codes', async () => {
    const plain = await loadExchange(t.services.calculator, 'ru', new URLSearchParams());
    const unknown = await loadExchange(t.services.calculator, 'ru', new URLSearchParams('cur_from=NOPE&cur_to=NOPE'));
    expect(plain.fromId).not.toBeNull();
    expect(plain.pair).not.toBeNull();
    expect([unknown.fromId, unknown.toId]).toEqual([plain.fromId, plain.toId]);
    // A link that asked for something it did not get says so; no link, nothing to say.
    expect(unknown.linkUnavailable).toBe(true);
    expect(plain.linkUnavailable).toBeUndefined();
    expect(plain.currencies.find((c) => c.id === plain.fromId)?.send).toBe(true);
  });

  it('tells the maintenance state and message', async () => {
    await t.services.calculator.setMaintenance({ enabled: true, message: { ru: 'Работы', en: 'Works' } });
    try {
      const data = await loadExchange(t.services.calculator, 'en', new URLSearchParams());
      expect(data.tech).toEqual({ maintenance: true, message: 'Works' });
    } finally {
      await t.services.calculator.setMaintenance({ enabled: false, message: { ru: '', en: '' } });
    }
  });
});
