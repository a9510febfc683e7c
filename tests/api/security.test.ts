import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.ts';

/** Security baseline (server/plugins/security.ts, server/plugins/errors.ts; docs/product/api.md). */

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

describe('headers on pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ seed: true, ssr: true });
  });
  afterAll(() => t.close());

  for (const url of ['/', '/en/rules', '/no/such/page']) {
    it(`${url}: CSP with a per-request script nonce that the page's scripts carry`, async () => {
      const res = await t.inject(url);
      const csp = String(res.headers['content-security-policy'] ?? '');
      const d = directives(csp);
      const scriptSrc = d.get('script-src') ?? [];
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      const nonces = scriptSrc.filter((v) => v.startsWith("'nonce-")).map((v) => v.slice(7, -1));
      expect(nonces).toHaveLength(1);
      const nonce = nonces[0]!;
      expect(nonce.length).toBeGreaterThanOrEqual(16);

      const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) {
        // Module preloads and JSON data blocks are not executed inline scripts; everything else needs the nonce.
        if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
        expect(attrs, `<script${attrs}>`).toContain(`nonce="${nonce}"`);
      }
      // A nonce only where it allows something: the favicon's link carried an empty `nonce=""` (app/root.tsx).
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toMatch(/<link[^>]* rel="icon"[^>]*>/);
      expect(res.body.match(/<[^>]*\snonce=""[^>]*>/g) ?? []).toEqual([]);
      for (const tag of head.match(/<link\b[^>]*>/g) ?? []) expect(tag).not.toContain('nonce=');

      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });
  }

  it('partner banners and the share picture may be embedded by any site; pages and other files stay same-origin', async () => {
    for (const url of ['/banners/ru/300x250.svg', '/banners/en/88x31.svg', '/og-image.png']) {
      const res = await t.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\/(svg\+xml|png)/);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
    for (const url of ['/', '/favicon.svg']) {
      expect((await t.inject(url)).headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('an answer that runs no script has the same policy with no script source of its own', async () => {
    const page = directives(String((await t.inject('/?nonce=json')).headers['content-security-policy']));
    const api = await t.inject('/api/v1/calculator/tech/');
    expect(api.statusCode).toBe(200);
    const d = directives(String(api.headers['content-security-policy']));
    expect(d.get('script-src')).toEqual(page.get('script-src')?.filter((v) => !v.startsWith("'nonce-")));
    expect([...d.keys()]).toEqual([...page.keys()]);
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-powered-by']).toBeUndefined();
  });

  it('the nonce changes on every rendered page; a page from the cache names none', async () => {
    // Two addresses no one asked for yet: both rendered (docs/decisions/0026-anonymous-page-cache.md).
    const a = String((await t.inject('/?nonce=a')).headers['content-security-policy']);
    const b = String((await t.inject('/?nonce=b')).headers['content-security-policy']);
    expect(a).toContain("'nonce-");
    expect(a).not.toBe(b);
    const cached = await t.inject('/?nonce=a');
    expect(cached.headers['x-page-cache']).toBe('hit');
    expect(String(cached.headers['content-security-policy'])).not.toContain("'nonce-");
  });
});

describe('error answers', () => {
  let t: TestApp;
  const secret = 'hunter2-at-/srv/obmen/db.ts';
  beforeAll(async () => {
    t = await build({
      seed: false,
      ssr: false,
      beforeReady: (app) => {
        app.get('/api/__test/boom', async () => {
          throw new Error(`database password ${secret}`);
        });
        app.get('/api/__test/boom-async', async () =>
          Promise.reject(Object.assign(new TypeError(secret), { code: 'ESECRET' })),
        );
      },
    });
  });
  afterAll(() => t.close());

  it('a body over 1 MiB answers 413 in DRF shape', async () => {
    const payload = JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 10) });
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/claim/',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'payload_too_large' });
  });

  it('malformed JSON answers 400 with a detail', async () => {
    for (const locale of ['', '/en']) {
      const res = await t.inject({
        method: 'POST',
        url: `${locale}/api/v1/claim/`,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.c",',
      });
      expect(res.statusCode).toBe(400);
      const body = res.json() as { detail: string };
      expect(body.detail).toEqual(expect.any(String));
      expect(body.detail.length).toBeGreaterThan(0);
    }
  });

  it('an unexpected error answers 500 without internals', async () => {
    for (const url of ['/api/__test/boom', '/api/__test/boom-async', '/en/api/__test/boom']) {
      const res = await t.inject(url);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'detail']);
      expect(body.code).toBe('internal');
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toContain('/srv/');
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
      expect(res.body).not.toContain('ESECRET');
    }
  });
});

describe('404 rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ seed: false, ssr: false });
  });
  afterAll(() => t.close());

  it('after 120 404s in a minute an address’s misses get 429 with Retry-After; what exists is still served', async () => {
    const probe = (ip: string, i: number) => t.inject({ url: `/api/probe-${i}`, remoteAddress: ip });
    for (let i = 0; i < 120; i++) expect((await probe('192.0.2.10', i)).statusCode).toBe(404);
    const limited = await probe('192.0.2.10', 999);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ detail: expect.any(String), code: 'rate_limited' });
    // Only the misses are limited: what exists still answers that address (behind a proxy it may be everyone).
    expect((await t.inject({ url: '/healthz', remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    expect((await t.inject({ url: '/api/v1/content/faq/', remoteAddress: '192.0.2.10' })).statusCode).toBe(200);
    expect((await probe('192.0.2.11', 0)).statusCode).toBe(404);
    expect((await t.inject({ url: '/healthz', remoteAddress: '192.0.2.11' })).statusCode).toBe(200);
  });
});
