import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, freshDatabase, hasPostgres, postgresServer, type TestApp } from '../../tests/helpers/build.ts';
import { takeConsoleErrors } from '../../tests/setup/no-console-error.ts';
import { startTcpProxy } from '../../tests/helpers/tcp-proxy.ts';
import type { Database } from './client.ts';

/**
 * A database that goes away (docs/architecture.md, "When the database goes away"): the app runs on PostgreSQL through
 * a TCP proxy that forwards, silently drops, or refuses. Short timeouts keep the test quick; production defaults are
 * 2 s to connect and 5 s per statement.
 */
/** Statement and connect limits short enough for the test; production defaults are 2 s and 5 s. */
const timeouts = { connectMs: 500, statementMs: 1000 };

/**
 * The app on a fresh PostgreSQL database reached through a TCP proxy the tests steer (forward, drop, refuse), made
 * before the describe's tests and closed after them.
 */
function throughProxy(options: Omit<Parameters<typeof build>[0], 'database'>) {
  const env = {} as { proxy: Awaited<ReturnType<typeof startTcpProxy>>; database: Database; t: TestApp };
  beforeAll(async () => {
    env.proxy = await startTcpProxy(postgresServer());
    env.database = await freshDatabase({ postgres: true, throughPort: env.proxy.port, timeouts });
    env.t = await build({ ...options, database: env.database });
  });
  afterAll(async () => {
    env.proxy?.set('forward');
    await env.t?.close();
    await env.database?.close();
    await env.proxy?.close();
  });
  return env;
}

describe.skipIf(!hasPostgres)('a database that hangs or refuses (TEST_DATABASE_URL)', () => {
  const env = throughProxy({ ssr: false, seed: false });
  const unknownClaim = '/api/v1/claim/00000000-0000-4000-8000-000000000000/status/';

  async function timed(path: string) {
    const started = Date.now();
    const res = await env.t.inject(path);
    return { res, ms: Date.now() - started };
  }

  /** Polls until `path` answers `status` (the pool reconnects on its own), up to `ms`. */
  async function answersWithin(path: string, status: number, ms: number) {
    const deadline = Date.now() + ms;
    for (;;) {
      const res = await env.t.inject(path);
      if (res.statusCode === status) return;
      if (Date.now() > deadline) throw new Error(`${path} still ${res.statusCode} after ${ms} ms: ${res.body}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('answers normally through a forwarding network', async () => {
    expect((await env.t.inject('/readyz')).statusCode).toBe(200);
    expect((await env.t.inject(unknownClaim)).statusCode).toBe(404);
  });

  it('a network that drops everything: /readyz says 503 in about a second, a request gets a clear 503, not a hang', async () => {
    env.proxy.set('drop');
    const ready = await timed('/readyz');
    expect(ready.res.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(1500);

    const claim = await timed(unknownClaim);
    expect(claim.res.statusCode).toBe(503);
    expect(claim.res.json()).toMatchObject({ code: 'database_unavailable' });
    expect(claim.res.headers['retry-after']).toBe('5');
    // One statement's timeout plus the second the client waits past it, and a little slack.
    expect(claim.ms).toBeLessThan(timeouts.statementMs + 1000 + 1000);

    // Many at once: each ends, none hangs (the pool's queue is bounded by the connect timeout).
    const burst = await Promise.all(Array.from({ length: 15 }, () => timed(unknownClaim)));
    for (const b of burst) expect(b.res.statusCode).toBe(503);
    expect(Math.max(...burst.map((b) => b.ms))).toBeLessThan(6000);
  });

  it('recovers by itself when the network forwards again', async () => {
    env.proxy.set('forward');
    await answersWithin('/readyz', 200, 5000);
    await answersWithin(unknownClaim, 404, 5000);
  });

  it('a server that refuses: 503 at once, and recovery after', async () => {
    env.proxy.set('refuse');
    const ready = await timed('/readyz');
    expect(ready.res.statusCode).toBe(503);
    const claim = await timed(unknownClaim);
    expect(claim.res.statusCode).toBe(503);
    expect(claim.res.json()).toMatchObject({ code: 'database_unavailable' });
    expect(claim.ms).toBeLessThan(1000);
    env.proxy.set('forward');
    await answersWithin(unknownClaim, 404, 5000);
  });

  it('closes (what SIGTERM does) within 10 s while the network drops everything', async () => {
    env.proxy.set('drop');
    const inFlight = env.t.inject(unknownClaim);
    const started = Date.now();
    await env.t.app.close();
    await env.database.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await inFlight).statusCode).toBe(503);
  });
});

describe.skipIf(!hasPostgres)('a page whose loader meets a database that refuses (TEST_DATABASE_URL)', () => {
  const env = throughProxy({ env: { JOBS: 'false' } });
  // A claim page reads its claim from the database on every request (no memo; only its 404 page is kept).
  const claimPage = '/en/claim/00000000-0000-4000-8000-000000000000';

  it('answers 503 with Retry-After and the error page, not 500; the page again once the database is back', async () => {
    expect((await env.t.inject(claimPage)).statusCode).toBe(404);
    env.proxy.set('refuse');
    // Another address than the one just answered: a 404 page is kept by the anonymous page cache.
    const res = await env.t.inject({ url: `${claimPage}?down=1`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.body).toMatch(/^<!DOCTYPE html>[^]*<\/html>$/);
    // The error page says so, and so does the state the browser hydrates with (the same text after hydration).
    expect(res.body).toContain('<title>503 we will be back shortly</title>');
    expect(res.body).toContain('Your orders and funds are safe');
    expect(res.body).toMatch(/ErrorResponse[^]*503[^]*Service Unavailable/);
    // Logged as React Router logs every error it catches (the test's console guard would fail on it otherwise).
    expect(takeConsoleErrors().length).toBeGreaterThan(0);

    // A client-side navigation asks for the page's data: the same 503, as a response the browser's router reads as
    // such (not the "Unexpected Server Error" a thrown error becomes, which the error page tells as "went wrong").
    const data = await env.t.inject(`${claimPage.replace(/^\/en/, '')}.data?down=3`);
    expect(data.statusCode).toBe(503);
    expect(data.headers['retry-after']).toBe('5');
    expect(data.body).toMatch(/ErrorResponse[^]*503[^]*Service Unavailable/);
    expect(data.body).not.toContain('Unexpected Server Error');
    expect(takeConsoleErrors().length).toBeGreaterThan(0);

    env.proxy.set('forward');
    const deadline = Date.now() + 5000;
    let again = await env.t.inject(`${claimPage}?down=2`);
    while (again.statusCode !== 404 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      again = await env.t.inject(`${claimPage}?down=2`);
    }
    expect(again.statusCode).toBe(404);
    takeConsoleErrors();
  });
});
