import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, freshDatabase, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { testRedisUrl } from '../../../tests/helpers/redis.ts';
import { staffUser } from '../../../tests/helpers/staff.ts';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed.ts';

/** The `amount` (reserve) of the first item paying out in `to`. */
const amountOf = (xml: string, to: string) =>
  /<amount>([^<]+)<\/amount>/.exec(xml.split('\n').find((l) => l.includes(`<to>${to}</to>`)) ?? '')?.[1];

/**
 * Two app instances over one PostgreSQL, sharing Redis as production runs them (REDIS_URL): an edit made through one
 * drops the export the other has ready, through the calculator's invalidation channel.
 */
describe.skipIf(!hasPostgres || !testRedisUrl)('rates export across two instances (PostgreSQL + Redis)', () => {
  let database: Database;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    database = await freshDatabase({ postgres: true });
    await seedDemoData(database.db);
    const env = { REDIS_URL: testRedisUrl! };
    one = await build({ ssr: false, database, env });
    two = await build({ ssr: false, database, env });
    // Let both subscriptions reach Redis before the first message.
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await database?.close();
  });

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
