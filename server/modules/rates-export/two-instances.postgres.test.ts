import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres, twoInstances, type TestApp } from '../../../tests/helpers/build.ts';
import { testRedisPrefix, testRedisUrl } from '../../../tests/helpers/redis.ts';
import { staffUser } from '../../../tests/helpers/staff.ts';

/** The `amount` (reserve) of the first item paying out in `to`. */
const amountOf = (xml: string, to: string) =>
  /<amount>([^<]+)<\/amount>/.exec(xml.split('\n').find((l) => l.includes(`<to>${to}</to>`)) ?? '')?.[1];

/**
 * Two app instances over one PostgreSQL, sharing Redis as production runs them (REDIS_URL): an edit made through one
 * drops the export the other has ready, through the calculator's invalidation channel.
 */
describe.skipIf(!hasPostgres || !testRedisUrl)('rates export across two instances (PostgreSQL + Redis)', () => {
  let one: TestApp;
  let two: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ one, two, close } = await twoInstances({ REDIS_URL: testRedisUrl!, REDIS_PREFIX: testRedisPrefix }));
  });
  afterAll(async () => close?.());

  it("a reserve edit on one instance drops the other's ready export", async () => {
    const before = await two.inject('/export.xml');
    const amount = amountOf(before.body, 'SBERRUB');
    expect(amount).toBeDefined();
    // The other instance now serves its ready copy.
    expect(
      (await two.inject({ url: '/export.xml', headers: { 'if-none-match': before.headers.etag! } })).statusCode,
    ).toBe(304);

    const admin = await staffUser(one, 'admin');
    const currencies = (await admin.inject({ url: '/api/v1/admin/currencies/' })).json() as {
      results: { id: number; code: string }[];
    };
    const sber = currencies.results.find((c) => c.code === 'SBERRUB')!;
    const res = await admin.inject({
      method: 'POST',
      url: `/api/v1/admin/currencies/${sber.id}/reserve/`,
      payload: { delta: '2500', reason: 'two instances' },
    });
    expect(res.statusCode).toBe(200);

    await expect
      .poll(
        async () =>
          (await two.inject({ url: '/export.xml', headers: { 'if-none-match': before.headers.etag! } })).statusCode,
        { timeout: 3000 },
      )
      .toBe(200);
    const after = await two.inject('/export.xml');
    expect(Number(amountOf(after.body, 'SBERRUB'))).toBe(Number(amount) + 2500);
  });
});
