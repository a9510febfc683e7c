import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../tests/helpers/build.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, seed: false });
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz while the database answers', async () => {
    expect((await t.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('answers 503 on /readyz once the database is gone', async () => {
    await t.database.close();
    const res = await t.inject('/readyz');
    expect(res.statusCode).toBe(503);
  });
});
