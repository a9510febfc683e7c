import { eq, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { claims } from '../../db/schema-exchange.ts';
import { jobs } from './service.ts';

/** One unpaid claim of the demo data, already past its deadline. */
async function dueClaim(t: TestApp): Promise<string> {
  const h = claimHelpers(t);
  const uuid = await h.created('USDTTRC20', 'SBERRUB', '100', { email: 'jobs@example.com' });
  await h.pastDeadline(uuid);
  return uuid;
}

async function statusOf(t: TestApp, uuid: string) {
  const [row] = await t.database.db.select({ status: claims.status }).from(claims).where(eq(claims.id, uuid));
  return row?.status;
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('jobs: claim expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
  });
  afterAll(async () => t.close());

  it('the sweep expires due claims whatever the database (polling on PGlite, pg-boss on PostgreSQL)', async () => {
    const uuid = await dueClaim(t);
    const runner = jobs({ database: t.database, sweeper: t.services.claims, pollSeconds: 0.2 });
    expect(await runner.sweep()).toBe(1);
    expect(await statusOf(t, uuid)).toBe('expired');
  });

  it.skipIf(hasPostgres)('on PGlite, the polling fallback runs the sweep by itself', async () => {
    const uuid = await dueClaim(t);
    const runner = jobs({ database: t.database, sweeper: t.services.claims, pollSeconds: 0.2 });
    await runner.start();
    try {
      expect(await until(async () => (await statusOf(t, uuid)) === 'expired', 5000)).toBe(true);
    } finally {
      await runner.stop();
    }
  });
});

describe.skipIf(!hasPostgres)('jobs on PostgreSQL: pg-boss (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, env: { JOBS: 'false' } });
  });
  afterAll(async () => t?.close());

  it('installs pg-boss on the app pool, schedules the sweep and runs it from the queue', async () => {
    const uuid = await dueClaim(t);
    let swept = 0;
    const runner = jobs({
      database: t.database,
      sweeper: {
        expireDue: async () => {
          swept += 1;
          return t.services.claims.expireDue();
        },
      },
    });
    await runner.start();
    try {
      const { rows } = (await t.database.db.execute(
        sql`select name, cron from pgboss.schedule where name = 'claims-expire'`,
      )) as unknown as { rows: { name: string; cron: string }[] };
      expect(rows).toEqual([{ name: 'claims-expire', cron: '* * * * *' }]);
      // The cron fires within a minute; a job sent now is what the schedule would put in the queue.
      await sendNow(t);
      expect(await until(async () => (await statusOf(t, uuid)) === 'expired', 15_000)).toBe(true);
      expect(swept).toBeGreaterThanOrEqual(1);
    } finally {
      await runner.stop();
    }
  }, 40_000);
});

/** Puts one job in the queue the way the schedule does, through pg-boss's own API on the same database. */
async function sendNow(t: TestApp) {
  const { PgBoss } = await import('pg-boss');
  const pool = (t.database.db as unknown as { $client: Pool }).$client;
  const boss = new PgBoss({
    db: { executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }) },
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  await boss.send('claims-expire', {});
  await boss.stop({ graceful: false, close: false });
}
