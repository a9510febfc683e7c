import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCurrencyDetail } from '../../../../shared/schemas/admin-directions.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

/** The console's currency field `explorerUrl`: a block-explorer link template, `{ref}` for the transaction hash. */

const newCoin = {
  code: 'dogex',
  name: { ru: 'Dogecoin', en: 'Dogecoin' },
  kind: 'crypto',
  symbol: 'DOGE',
  network: 'DOGE',
  decimals: 8,
  logo: '/currencies/btc.svg',
};

describe('admin: a currency’s explorer link template', () => {
  let t: TestApp;
  let operator: StaffUser;
  let btc: number;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    operator = await staffUser(t, 'operator');
    btc = await claimHelpers(t).id('BTC');
  });
  afterAll(() => t.close());

  const url = (id: number) => `/api/v1/admin/currencies/${id}/`;
  const put = (id: number, payload: object, prefix = '') =>
    operator.inject({ method: 'PUT', url: `${prefix}${url(id)}`, payload });

  it('the demo currencies come with real explorers; cards have none', async () => {
    const read = (await operator.inject({ method: 'GET', url: url(btc) })).json() as AdminCurrencyDetail;
    expect(read.explorerUrl).toBe('https://mempool.space/tx/{ref}');
    const sber = await claimHelpers(t).id('SBERRUB');
    expect(((await operator.inject({ method: 'GET', url: url(sber) })).json() as AdminCurrencyDetail).explorerUrl).toBe(
      null,
    );
  });

  it('creates a currency with a template (trimmed) and without one (empty is none)', async () => {
    const created = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/currencies/',
      payload: { ...newCoin, explorerUrl: '  https://blockchair.com/dogecoin/transaction/{ref} ' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ explorerUrl: 'https://blockchair.com/dogecoin/transaction/{ref}' });
    const bare = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/currencies/',
      payload: { ...newCoin, code: 'dogey', explorerUrl: '' },
    });
    expect(bare.json()).toMatchObject({ explorerUrl: null });
  });

  it('edits it: a valid template is kept and audited; empty clears it; a left-out field stays', async () => {
    const template = 'https://www.blockchain.com/explorer/transactions/btc/{ref}';
    const res = await put(btc, { explorerUrl: template });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ explorerUrl: template });
    expect((await put(btc, { position: 20 })).json()).toMatchObject({ explorerUrl: template });
    expect((await put(btc, { explorerUrl: '' })).json()).toMatchObject({ explorerUrl: null });
    expect((await put(btc, { explorerUrl: 'https://mempool.space/tx/{ref}' })).json()).toMatchObject({
      explorerUrl: 'https://mempool.space/tx/{ref}',
    });
    const log = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=currency&entity_id=${btc}` })
    ).json() as { results: { after: Record<string, unknown> }[] };
    expect(log.results[0]!.after).toMatchObject({ explorerUrl: 'https://mempool.space/tx/{ref}' });
  });

  it('refuses a template without {ref}, with it twice, over http, or too long: in English and in Russian', async () => {
    const cases: [string, string, string][] = [
      [
        'https://mempool.space/tx/',
        'The address must contain {ref} exactly once: the transaction hash goes there.',
        'Адрес должен содержать {ref} ровно один раз: на его место встанет хэш транзакции.',
      ],
      [
        'https://mempool.space/tx/{ref}/{ref}',
        'The address must contain {ref} exactly once: the transaction hash goes there.',
        'Адрес должен содержать {ref} ровно один раз: на его место встанет хэш транзакции.',
      ],
      [
        'http://mempool.space/tx/{ref}',
        'Give an https:// address, e.g. https://tronscan.org/#/transaction/{ref}.',
        'Укажите адрес https://, например https://tronscan.org/#/transaction/{ref}.',
      ],
      [
        'mempool.space/tx/{ref}',
        'Give an https:// address, e.g. https://tronscan.org/#/transaction/{ref}.',
        'Укажите адрес https://, например https://tronscan.org/#/transaction/{ref}.',
      ],
      [
        `https://mempool.space/${'a'.repeat(280)}/{ref}`,
        'Ensure this field has no more than 300 characters.',
        'Не более 300 символов.',
      ],
    ];
    for (const [explorerUrl, en, ru] of cases) {
      const enRes = await put(btc, { explorerUrl }, '/en');
      expect(enRes.statusCode, explorerUrl).toBe(400);
      expect(enRes.json(), explorerUrl).toEqual({ explorerUrl: [en] });
      expect((await put(btc, { explorerUrl })).json(), explorerUrl).toEqual({ explorerUrl: [ru] });
    }
    // Not a string at all; and creation checks the same way.
    expect((await put(btc, { explorerUrl: 42 }, '/en')).json()).toEqual({
      explorerUrl: ['Give an https:// address, e.g. https://tronscan.org/#/transaction/{ref}.'],
    });
    const created = await operator.inject({
      method: 'POST',
      url: '/en/api/v1/admin/currencies/',
      payload: { ...newCoin, code: 'dogez', explorerUrl: 'https://dogechain.info/tx/' },
    });
    expect(created.json()).toEqual({
      explorerUrl: ['The address must contain {ref} exactly once: the transaction hash goes there.'],
    });
    // Nothing of it was saved.
    expect((await operator.inject({ method: 'GET', url: url(btc) })).json()).toMatchObject({
      explorerUrl: 'https://mempool.space/tx/{ref}',
    });
  });
});
