import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres, twoInstances, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { testRedisPrefix, testRedisUrl } from '../../../tests/helpers/redis.ts';
import { listening, openStream } from '../../../tests/helpers/sse.ts';
import { staffUser } from '../../../tests/helpers/staff.ts';

/**
 * Two app instances over one PostgreSQL and one Redis, as production runs them: a status change made through one is
 * pushed to a stream the customer opened on the other, within a second (Redis pub/sub, docs/decisions/0021).
 */
describe.skipIf(!hasPostgres || !testRedisUrl)('live status across two instances (PostgreSQL + Redis)', () => {
  let one: TestApp;
  let two: TestApp;
  let twoUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ one, two, close } = await twoInstances({ REDIS_URL: testRedisUrl!, REDIS_PREFIX: testRedisPrefix }));
    twoUrl = await listening(two.app);
  });
  afterAll(async () => close?.());

  it("an operator's change on one instance reaches the claim's stream on the other within a second", async () => {
    const uuid = await claimHelpers(one).created('BTC', 'SBERRUB', '0.01');
    const stream = await openStream(`${twoUrl}/api/v1/claim/${uuid}/events/`);
    expect(await stream.nextEvent()).toMatchObject({ data: { status: 'new' } });

    const operator = await staffUser(one, 'operator');
    const started = Date.now();
    const res = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/claims/${uuid}/received/`,
      payload: { expected: 'new' },
    });
    expect(res.statusCode).toBe(200);
    expect(await stream.nextEvent(1000)).toMatchObject({ event: 'status', data: { uuid, status: 'processing' } });
    expect(Date.now() - started).toBeLessThan(1000);

    // The console's stream on the second instance hears the change made through the first.
    const queue = await openStream(`${twoUrl}/api/v1/admin/claims/events/`, {
      cookie: `refreshToken=${operator.cookie}`,
    });
    expect(await queue.nextEvent()).toMatchObject({ event: 'ready' });
    await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/claims/${uuid}/complete/`,
      payload: { expected: 'processing', reference: 'payout-2' },
    });
    expect(await stream.nextEvent(1000)).toMatchObject({ data: { status: 'completed' } });
    expect(await stream.nextEvent(1000)).toEqual({ kind: 'end' });
    expect(await queue.nextEvent(1000)).toMatchObject({ event: 'claim', data: { uuid, status: 'completed' } });
    queue.close();
  });
});
