import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages } from '../../server/db/schema.ts';
import { seedDemoData } from '../../server/db/seed.ts';
import { build, freshDatabase, hasPostgres, postgresServer, type TestApp } from '../helpers/build.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { takeConsoleErrors } from '../setup/no-console-error.ts';

/**
 * A link followed in the page asks the server for the next page's data (React Router's single-fetch `.data` request):
 * its answer must say what the page's would, a 503 with Retry-After while the database is away, and never a 5xx for
 * anything else a client can shape.
 */
type Proxy = Awaited<ReturnType<typeof startTcpProxy>>;

/** Headers a browser's client-side navigation sends for its data request. */
const client = { accept: '*/*' };

describe.skipIf(!hasPostgres)('a data request while the database is away (TEST_DATABASE_URL)', () => {
  let proxy: Proxy;
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    proxy = await startTcpProxy(postgresServer());
    const database = await freshDatabase({
      postgres: true,
      throughPort: proxy.port,
      timeouts: { connectMs: 500, statementMs: 1000 },
    });
    // An app given its database does not seed it.
    await seedDemoData(database.db);
    t = await build({ database, ssr: true, env: { JOBS: 'false' } });
    close = async () => {
      proxy.set('forward');
      await t.close();
      await database.close();
      await proxy.close();
    };
  });
  afterAll(() => close?.());

  it('answers 503 with Retry-After, read by the browser as the outage, also past the outage-aware services', async () => {
    const page = t.services.content.page;
    // A query builder is a lazy thenable, not a promise: the outage-aware services hand it over as it is
    // (server/plugins/outage-aware-services.ts), and the loader's await meets the outage past them. Its error reached
    // the browser as React Router's "Unexpected Server Error", a 500.
    t.services.content.page = (() => t.database.db.select().from(contentPages).limit(1)) as unknown as typeof page;
    proxy.set('refuse');
    try {
      for (const url of [
        '/en/rules.data?away=1',
        '/rules.data?away=2',
        '/en/rules.data?away=3&_routes=en:rules:routes/content/page.tsx',
      ]) {
        const res = await t.inject({ url, headers: client });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('5');
        expect(res.headers['cache-control'], url).toBe('no-store');
        // Without React Router's own mark the browser's router reads the answer as an error response of that status
        // for every route it asked about (react-router's fetchAndDecodeViaTurboStream): the error page then says
        // "we will be back shortly", as the page's full load does.
        expect(res.headers['x-remix-response'], url).toBeUndefined();
        expect(res.json(), url).toMatchObject({ code: 'database_unavailable' });
      }
    } finally {
      proxy.set('forward');
      t.services.content.page = page;
    }
    const log = takeConsoleErrors().map((args) => String(args[0]));
    // The page loader's error logged once a request, by handleError; the root loader's (when asked for) by the
    // services' outage hook.
    expect(log.filter((line) => line === 'page: unexpected error')).toHaveLength(3);
    expect(new Set(log)).toEqual(new Set(['page: unexpected error', 'page: database unavailable']));
    // Back: the same data request answers its data.
    const back = await t.inject({ url: '/en/rules.data?away=4', headers: client });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Exchange rules');
  });
});

describe('data requests a client shapes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ seed: true, ssr: true, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('never answer 5xx: unknown routes in _routes, an unknown page, NUL and other odd bytes in the path', async () => {
    const urls = [
      '/en/rules.data?_routes=',
      '/en/rules.data?_routes=,,,',
      '/en/rules.data?_routes=no-such-route',
      '/en/rules.data?_routes=root,routes/no-such,%00',
      '/en/rules.data?_routes=%00',
      '/en/rules.data?_routes=root&_routes=root',
      '/_.data?_routes=ru:index:routes/home.tsx',
      '/_.data?_routes=en:index:routes/home.tsx',
      '/en.data?_routes=root,en:index:routes/home.tsx',
      '/en/rules.data?_routes=ru:rules:routes/content/page.tsx',
      '/en/no/such/page.data',
      '/en/no/such/page.data?_routes=root',
      '/claim/not-a-uuid.data',
      '/en/rules%00.data',
      '/%00.data',
      '/en/%00/rules.data',
      '/en/rules.data%00',
      '/en/rules%2F.data',
      '/en/rules%ff.data',
      '/en/rules%.data',
      '/.data',
      '/en/_.data',
      '/en/rules/_.data',
      '/en/rules.data.data',
      '/en/rules.data?index',
      '/en/rules.data?index=&_routes=root',
    ];
    for (const url of urls) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.inject({ method, url, headers: client });
        expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    expect(takeConsoleErrors()).toEqual([]);
  });
});
