import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshCookieName } from '../shared/schemas/auth.ts';
import { build, type TestApp } from '../tests/helpers/build.ts';

/**
 * The fast lane (server/fast-lane.ts, docs/decisions/0032-fast-lane.md) over real HTTP (inject never reaches Node's
 * request event): what it sends is what the route sends, byte for byte and header for header, and whatever it is not
 * sure of is the route's.
 */

const token = 'metrics-test-token-0123456789';

describe('fast lane', () => {
  let t: TestApp;
  let base: string;
  let pair: string;
  beforeAll(async () => {
    t = await build({ ssr: false, env: { METRICS_TOKEN: token, JOBS: 'false' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const list = (await (await fetch(`${base}/api/v1/calculator/`)).json()) as {
      results: { id: number; code: string }[];
    };
    const id = new Map(list.results.map((c) => [c.code, c.id]));
    pair = `${id.get('BTC')}/${id.get('SBERRUB')}`;
  });
  afterAll(() => t.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    const head = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
    return { status: res.status, head, body };
  };
  const requests = async (route: string) => {
    const text = (await t.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
    const line = text
      .split('\n')
      .find((l) => l.startsWith('obmen_http_requests_total{') && l.includes(`route="${route}"`) && l.includes('"200"'));
    return Number(line?.split(' ').pop() ?? 0);
  };

  for (const [name, path] of [
    ['directions', () => '/api/v1/calculator/'],
    ['a pair', () => `/api/v1/calculator/pair/${pair}/`],
    ['a pair in English', () => `/en/api/v1/calculator/pair/${pair}/`],
    ['a course', () => `/api/v1/calculator/course/${pair}/`],
  ] as const) {
    for (const encoding of ['', 'gzip', 'gzip, br']) {
      it(`${name} (accept-encoding "${encoding}"): the same answer as the route's`, async () => {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        // Through the route first (that builds the answer), then through the lane; a query string is never the lane's.
        const routed = await get(`${path()}?via=route`, headers);
        const ready = vi.spyOn(t.services.calculator.cache, 'now');
        const laned = await get(path(), headers);
        // The lane found the answer ready (and so sent it itself).
        expect(ready.mock.results.some((r) => r.value !== undefined)).toBe(true);
        ready.mockRestore();
        expect(routed.status).toBe(200);
        expect(laned).toEqual(routed);
      });
    }
  }

  it('counts its answers as the route’s', async () => {
    const route = '/api/v1/calculator/course/:from/:to/';
    const before = await requests(route);
    await get(`/api/v1/calculator/course/${pair}/`);
    await get(`/api/v1/calculator/course/${pair}/`);
    expect(await requests(route)).toBe(before + 2);
  });

  it('leaves to the route what it is not sure of: a bearer, a conditional request, an unknown pair', async () => {
    const path = `/api/v1/calculator/pair/${pair}/`;
    const first = await get(path);
    const conditional = await get(path, { 'if-none-match': String(first.head.etag) });
    expect(conditional.status).toBe(304);
    const bearer = await get(path, { authorization: 'Bearer not-a-token' });
    expect(bearer.status).toBe(401);
    expect((await get('/api/v1/calculator/pair/999999/999998/')).status).toBe(404);
    expect((await get('/api/v1/calculator/pair/1/%00/')).status).toBe(400);
  });

  it('ends the connection while the process drains', async () => {
    const path = `/api/v1/calculator/course/${pair}/`;
    await get(path);
    void t.app.drain(60);
    try {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.head.connection).toBe('close');
    } finally {
      t.app.endDrain();
    }
  });
});

describe('fast lane: pages from the page cache', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await build({ ssr: true, env: { JOBS: 'false' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
    const body = Buffer.from(await res.arrayBuffer());
    const head = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'set-cookie'));
    return { status: res.status, head, body, cookie: res.headers.get('set-cookie') };
  };
  const device = 'did=AAAAAAAAAAAAAAAAAAAAAA';

  for (const path of ['/', '/en/rules', '/en/faq']) {
    for (const encoding of ['', 'gzip, br']) {
      it(`${path} (accept-encoding "${encoding}"): the route's cached copy, header for header`, async () => {
        const headers: Record<string, string> = {
          accept: 'text/html',
          ...(encoding && { 'accept-encoding': encoding }),
        };
        // A browser without its device cookie is the route's (it is given one): the render, then the route's hit.
        await get(path, headers);
        const routed = await get(path, headers);
        expect(routed.head['x-page-cache']).toBe('hit');
        expect(routed.cookie).toMatch(/^did=/);
        const served = vi.spyOn(t.app, 'documentHeaders');
        const laned = await get(path, { ...headers, cookie: device });
        expect(served).toHaveBeenCalled();
        served.mockRestore();
        expect(laned.cookie).toBeNull();
        expect(laned.head).toEqual(routed.head);
        expect(laned.body.equals(routed.body)).toBe(true);
      });
    }
  }

  it('leaves to the route a session, a referral link, a 404 and a page not kept yet', async () => {
    const served = vi.spyOn(t.app, 'documentHeaders');
    await get('/en/contacts');
    await get('/en/contacts', { cookie: `${refreshCookieName}=x` });
    await get('/en/contacts?ref=ABCDEF');
    await get('/no/such/page');
    await get('/no/such/page');
    await get('/en/news?fresh=1');
    expect(served).not.toHaveBeenCalled();
    served.mockRestore();
  });

  it('reads the forwarded host only behind a trusted proxy, as the route does', async () => {
    await get('/en/partners');
    const direct = await get('/en/partners', { 'x-forwarded-host': 'elsewhere.example', 'x-forwarded-proto': 'https' });
    // Without TRUST_PROXY the forwarded headers change nothing: the same copy, from the lane.
    expect(direct.head['x-page-cache']).toBe('hit');
    expect(direct.body.toString()).not.toContain('elsewhere.example');
  });
});
