import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { claimHistory, claims } from '../../server/db/schema-exchange.ts';
import { freshPostgres, hasPostgres } from '../helpers/build.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { ratesFixtureServer } from '../helpers/rate-sources.ts';
import { testRedisPrefix, testRedisUrl } from '../helpers/redis.ts';
import { overHttp, startServerProcess } from '../helpers/server-process.ts';
import { openStream } from '../helpers/sse.ts';

type Server = Awaited<ReturnType<typeof startServerProcess>>;

const run = randomBytes(4).toString('hex');
const admin = { email: `admin-${run}@obmen.test`, password: 'two processes admin password' };
/** A client address of this run only (TRUST_PROXY): the shared Redis keeps other runs' login counters. */
const randomIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

async function until(check: () => Promise<boolean>, timeoutMs: number, stepMs = 250) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return false;
}

async function send(base: string, path: string, init: { method?: string; body?: object; headers?: object } = {}) {
  const res = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The admin logged in on `base` (from an address of its own): the bearer header for the console's API. */
async function adminOn(base: string) {
  const login = await send(base, '/front-api/auth/login/', {
    method: 'POST',
    body: admin,
    headers: { 'x-forwarded-for': randomIp() },
  });
  return { authorization: `Bearer ${(JSON.parse(login.text) as { access: string }).access}` };
}

/**
 * Two real processes on one PostgreSQL and one Redis, as behind a load balancer (README, "Several processes"): what
 * one of them does, the other answers with at once; the scheduled work runs once; each drains on SIGTERM.
 */
describe.skipIf(!hasPostgres || !testRedisUrl)('two processes, one site (TEST_DATABASE_URL, TEST_REDIS_URL)', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>;
  let database: Database;
  let a: Server;
  let b: Server;
  const rates = ratesFixtureServer();

  beforeAll(async () => {
    fresh = await freshPostgres();
    database = await openDatabase({ databaseUrl: fresh.url });
    const env = {
      DATABASE_URL: fresh.url,
      REDIS_URL: testRedisUrl!,
      REDIS_PREFIX: testRedisPrefix,
      DEMO_DATA: '1',
      CAPTCHA_PROVIDER: 'none',
      TRUST_PROXY: 'true',
      JWT_SECRET: 'two-processes-jwt-secret-0123456789-0123456789',
      COOKIE_SECRET: 'two-processes-cookie-secret-0123456789-012345',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATES_REFRESH_MINUTES: '1',
      DRAIN_SECONDS: '1',
      ...(await rates.start()),
    };
    // One after the other: the first seeds the empty database and creates the admin.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 120_000);
  afterAll(async () => {
    for (const s of [a, b]) if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
    await rates.close();
    await database?.close();
    await fresh?.drop();
  });

  it('a session made on A works on B, and a login throttle counted on A holds on B', async () => {
    const ip = { 'x-forwarded-for': randomIp() };
    const login = await send(a.url, '/front-api/auth/login/', { method: 'POST', body: admin, headers: ip });
    expect(login.status, login.text).toBe(200);
    const { access } = JSON.parse(login.text) as { access: string };
    const me = await send(b.url, '/api/v1/users/me/', { headers: { authorization: `Bearer ${access}` } });
    expect(me.status, me.text).toBe(200);
    expect(JSON.parse(me.text)).toMatchObject({ email: admin.email });
    // The refresh cookie made on A is rotated by B.
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const refreshed = await send(b.url, '/front-api/auth/refresh/', {
      method: 'POST',
      body: {},
      headers: { cookie, ...ip },
    });
    expect(refreshed.status, refreshed.text).toBe(200);

    // One address's login bucket is shared: five attempts on A use it up (a wrong password keeps its token), B
    // refuses the sixth with 429. (The per-account captcha needs CAPTCHA_PROVIDER=altcha, which this setup turns off
    // for the claims it makes: server/modules/auth/login-throttle.test.ts shares it across two apps on Redis.)
    const victim = { email: `victim-${run}@obmen.test`, password: 'not the password' };
    const one = { 'x-forwarded-for': randomIp() };
    for (let i = 0; i < 5; i++) {
      const res = await send(a.url, '/front-api/auth/login/', { method: 'POST', body: victim, headers: one });
      expect(res.status, res.text).toBe(400);
    }
    const onB = await send(b.url, '/front-api/auth/login/', { method: 'POST', body: victim, headers: one });
    expect(onB.status, onB.text).toBe(429);
  });

  it('a content and a setting change made on A are in B’s next answers', async () => {
    const auth = await adminOn(a.url);
    // B has read both before: its caches hold the old answers.
    const question = `Two processes ${run}?`;
    expect((await send(b.url, '/api/v1/content/faq/')).text).not.toContain(question);
    const supportEmail = `support-${run}@obmen.test`;
    expect((await send(b.url, '/contacts')).text).not.toContain(supportEmail);

    const faq = await send(a.url, '/api/v1/admin/faq/', {
      method: 'POST',
      headers: auth,
      body: { question: { ru: question, en: question }, answer: { ru: 'Да.', en: 'Yes.' } },
    });
    expect(faq.status, faq.text).toBe(201);
    const site = await send(a.url, '/api/v1/admin/settings/site/', {
      method: 'PUT',
      headers: auth,
      body: {
        supportEmail,
        paymentWindowMinutes: null,
        chatScriptUrl: null,
        analyticsScriptUrl: null,
        analyticsId: null,
      },
    });
    expect(site.status, site.text).toBe(200);

    // Pub/sub carries the invalidation: B's answer changes within moments, not after a cache's lifetime.
    expect(await until(async () => (await send(b.url, '/api/v1/content/faq/')).text.includes(question), 2000, 50)).toBe(
      true,
    );
    expect(await until(async () => (await send(b.url, '/contacts')).text.includes(supportEmail), 2000, 50)).toBe(true);
  });

  it('a claim’s status change made through A is pushed to a stream opened on B', async () => {
    const uuid = await claimHelpers(overHttp(a.url)).created('BTC', 'SBERRUB', '0.01');
    // A real HTTP client on B, reading the stream as the claim page does.
    const stream = await openStream(`${b.url}/api/v1/claim/${uuid}/events/`);
    expect(stream.status).toBe(200);
    expect(await stream.nextEvent()).toMatchObject({ data: { status: 'new' } });

    const auth = await adminOn(a.url);
    const received = await send(a.url, `/api/v1/admin/claims/${uuid}/received/`, {
      method: 'POST',
      headers: auth,
      body: { expected: 'new' },
    });
    expect(received.status, received.text).toBe(200);
    // Through Redis pub/sub from A to B: within moments, not on B's next poll of anything.
    expect(await stream.nextEvent(2000)).toMatchObject({ event: 'status', data: { uuid, status: 'processing' } });

    const completed = await send(a.url, `/api/v1/admin/claims/${uuid}/complete/`, {
      method: 'POST',
      headers: auth,
      body: { expected: 'processing', reference: `payout-${run}` },
    });
    expect(completed.status, completed.text).toBe(200);
    expect(await stream.nextEvent(2000)).toMatchObject({ data: { status: 'completed' } });
    // A final status ends the stream on B.
    expect(await stream.nextEvent(2000)).toEqual({ kind: 'end' });
  });

  it('a content change made on A reaches the page B serves from its cache on its next answer', async () => {
    const auth = await adminOn(a.url);
    // B keeps the anonymous /en/aml ready (docs/decisions/0026-anonymous-page-cache.md).
    await send(b.url, '/en/aml');
    const cached = await send(b.url, '/en/aml');
    expect(cached.headers.get('x-page-cache')).toBe('hit');

    const page = JSON.parse((await send(a.url, '/api/v1/admin/pages/aml/', { headers: auth })).text) as {
      title: object;
      description: object;
    };
    const text = `Checked on A ${run}`;
    const saved = await send(a.url, '/api/v1/admin/pages/aml/', {
      method: 'PUT',
      headers: auth,
      body: { title: page.title, description: page.description, body: { ru: text, en: text } },
    });
    expect(saved.status, saved.text).toBe(200);
    // The word travels by Redis pub/sub; B's first answer after it is rendered anew.
    let seen: Awaited<ReturnType<typeof send>> | null = null;
    expect(
      await until(
        async () => {
          seen = await send(b.url, '/en/aml');
          return seen.text.includes(text);
        },
        2000,
        50,
      ),
    ).toBe(true);
    expect(seen!.headers.get('x-page-cache')).toBe('miss');
  });

  it('the expiry sweep and the rate refresh run once, not once per process', async () => {
    // Made over HTTP on A; the deadline moved through the test's own connection to the database both share.
    const h = claimHelpers({ ...overHttp(a.url), database });
    const uuid = await h.created('USDTTRC20', 'SBERRUB', '100');
    await h.pastDeadline(uuid);
    const hitsBefore = rates.state.hits;
    // Both processes schedule both jobs every minute; pg-boss's singleton queues hand each run to one of them. Nothing
    // here reads the claim through the API, which would expire it on the spot.
    const statusOf = async () =>
      (await database.db.select({ status: claims.status }).from(claims).where(eq(claims.id, uuid)))[0]?.status;
    expect(await until(async () => (await statusOf()) === 'expired', 80_000, 500)).toBe(true);
    expect(await until(async () => rates.state.hits > hitsBefore, 80_000, 500)).toBe(true);
    const hitsOfOneRun = rates.state.hits - hitsBefore;
    // Both workers poll every 5 s: a second run would have come by now.
    await new Promise((r) => setTimeout(r, 8000));
    expect(rates.state.hits - hitsBefore).toBe(hitsOfOneRun);
    const expiries = await database.db
      .select({ id: claimHistory.id })
      .from(claimHistory)
      .where(and(eq(claimHistory.claimId, uuid), eq(claimHistory.toStatus, 'expired')));
    expect(expiries).toHaveLength(1);
  }, 120_000);

  it('each process drains on SIGTERM without dropping an answer', async () => {
    const pages = ['/', '/rules', '/faq', '/en', '/en/rules'];
    const answers = [a, b].flatMap((s) => pages.map(async (p) => (await send(s.url, p)).status));
    const exits = [a, b].map((s) => new Promise<number | null>((resolve) => s.child.on('exit', resolve)));
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await Promise.all(answers)).toEqual(Array(10).fill(200));
    expect(await Promise.all(exits)).toEqual([0, 0]);
  }, 30_000);
});
