import { createHash } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CookieSession } from '../modules/auth/service.ts';
import { inlineScriptHashes, namesEtag, pageStore, registerPageCache } from './page-cache.ts';

const page = (bytes: number, until = Infinity) => ({
  status: 200,
  headers: [],
  plain: Buffer.alloc(bytes),
  encoded: {},
  scriptHashes: '',
  until,
  bytes,
  etag: 'W/"x"',
});
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the page store', () => {
  it('keeps at most its number of pages and its bytes, dropping the least recently asked for first', () => {
    const store = pageStore({ maxBytes: 10_000, maxEntries: 10 });
    for (let i = 0; i < 10; i++) store.set(`/p${i}`, page(100));
    for (let i = 0; i < 10; i++) expect(store.get(`/p${i}`, 0), `/p${i}`).toBeDefined();
    store.set('/new', page(100));
    expect(store.size()).toBe(10);
    // /p0 was asked for longest ago.
    expect(store.get('/p0', 0)).toBeUndefined();
    expect(store.get('/p1', 0)).toBeDefined();

    const small = pageStore({ maxBytes: 1_000 });
    for (let i = 0; i < 6; i++) small.set(`/b${i}`, page(190));
    expect(small.bytes()).toBeLessThanOrEqual(1_000);
    expect(small.get('/b0', 0)).toBeUndefined();
    expect(small.get('/b5', 0)).toBeDefined();
  });

  it('keeps the pages asked for again when a run of one-off addresses comes through', () => {
    const store = pageStore({ maxBytes: 1_000_000, maxEntries: 20 });
    store.set('/', page(1000));
    store.get('/', 0);
    for (let i = 0; i < 500; i++) store.set(`/?probe=${i}`, page(1000));
    expect(store.get('/', 0)).toBeDefined();
    expect(store.size()).toBeLessThanOrEqual(20);
  });

  it('drops a page past its moment, everything on clear, and refuses a page larger than its share', () => {
    const store = pageStore({ maxBytes: 1_000 });
    store.set('/rates', page(10, 5_000));
    expect(store.get('/rates', 4_999)).toBeDefined();
    expect(store.get('/rates', 5_000)).toBeUndefined();
    expect(store.size()).toBe(0);

    store.set('/a', page(10));
    const generation = store.generation;
    store.clear();
    expect(store.generation).toBe(generation + 1);
    expect(store.get('/a', 0)).toBeUndefined();
    expect(store.bytes()).toBe(0);

    store.set('/huge', page(900));
    expect(store.get('/huge', 0)).toBeUndefined();
  });

  it('counts a compressed copy added later against its bytes', () => {
    const store = pageStore({ maxBytes: 1_000 });
    const entry = page(100);
    store.set('/a', entry);
    store.grew('/a', entry, 50);
    expect(store.bytes()).toBe(150);
    store.clear();
    // No longer kept: nothing to count.
    store.grew('/a', entry, 50);
    expect(store.bytes()).toBe(0);
  });
});

describe('the inline scripts’ hashes', () => {
  it('hashes the scripts that carry the render’s nonce, as a browser reads them, and nothing else', () => {
    const html = [
      '<script nonce="N1">window.a = 1;</script>',
      '<script nonce="N1" type="module" async="">import "/x.js";\r\nrun();</script>',
      '<script nonce="N1" src="/assets/app.js"></script>',
      // Markup injected through content: no nonce (or a guessed one), so no hash either; it stays blocked.
      '<script>alert(1)</script>',
      '<script nonce="N2">alert(2)</script>',
    ].join('');
    expect(inlineScriptHashes(html, 'N1').split(' ')).toEqual([sha('window.a = 1;'), sha('import "/x.js";\nrun();')]);
    expect(inlineScriptHashes('<p>no scripts</p>', 'N1')).toBe('');
  });
});

describe('If-None-Match', () => {
  it('names a copy by its validator, weakly, in a list, or as *', () => {
    const etag = 'W/"abc"';
    expect(namesEtag('W/"abc"', etag)).toBe(true);
    expect(namesEtag('"abc"', etag)).toBe(true);
    expect(namesEtag('W/"old", W/"abc"', etag)).toBe(true);
    expect(namesEtag('*', etag)).toBe(true);
    expect(namesEtag('W/"abcd"', etag)).toBe(false);
    expect(namesEtag('', etag)).toBe(false);
    expect(namesEtag(undefined, etag)).toBe(false);
  });
});

describe('a page kept for visitors with a session', () => {
  /**
   * The cache on a bare Fastify app whose one page shows the session the cache hands it as `show` writes it: the
   * whole e-mail, or changed as a component might.
   */
  async function siteShowing(show: (email: string) => string) {
    const app = Fastify();
    await app.register(fastifyCookie);
    app.decorateReply('scriptNonce', 'N0NCE');
    app.decorateReply('allowScripts', function (this: FastifyReply, sources: string) {
      this.header('content-security-policy', `script-src ${sources}`);
    });
    const sessions: Record<string, CookieSession> = {
      a: { userId: 1, email: 'ann@obmen.test', role: 'customer', activated: true },
      b: { userId: 2, email: 'bob@obmen.test', role: 'customer', activated: true },
    };
    // As the 404 limit does (server/plugins/security.ts): an app-wide hook that answers 429 in place of the page.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.headers['x-limit']) return payload;
      reply.code(429).type('application/json');
      return JSON.stringify({ code: 'rate_limited' });
    });
    let renders = 0;
    await app.register(async (scope) => {
      const cache = registerPageCache(scope, {
        store: pageStore({ maxBytes: 1_000_000 }),
        buildId: 'b',
        site: () => ({}),
        rateStaleAt: () => Infinity,
        trustProxy: false,
        documentHeaders: () => ({}),
        session: async (cookie) => sessions[cookie] ?? null,
      });
      scope.get('/page', async (request, reply) => {
        renders += 1;
        const email = cache.visitor(request)?.session?.email ?? 'guest';
        reply.type('text/html; charset=utf-8');
        return `<p>${show(email)}</p><script nonce="N0NCE">window.who = "${show(email)}";</script>`;
      });
    });
    return { app, renders: () => renders };
  }

  it('gives each visitor the copy with their own e-mail, the script that holds it allowed by its hash', async () => {
    const { app, renders } = await siteShowing((email) => email);
    const ann = await app.inject({ url: '/page', cookies: { refreshToken: 'a' } });
    const bob = await app.inject({ url: '/page', cookies: { refreshToken: 'b' } });
    expect([ann.headers['x-page-cache'], bob.headers['x-page-cache'], renders()]).toEqual(['miss', 'hit', 1]);
    expect(ann.body).toBe('<p>ann@obmen.test</p><script nonce="N0NCE">window.who = "ann@obmen.test";</script>');
    expect(bob.body).toBe(ann.body.replaceAll('ann@', 'bob@'));
    expect(bob.headers['content-security-policy']).toBe(`script-src ${sha('window.who = "bob@obmen.test";')}`);
    await app.close();
  });

  it.each([
    ['split at the @', (email: string) => email.split('@')[0]!],
    ['in capitals', (email: string) => email.toUpperCase()],
    ['cut short', (email: string) => `${email.slice(0, 10)}…`],
  ])(
    'sends a visitor whose page wrote the stand-in %s back to it, rendered then for their own session',
    async (_, show) => {
      const { app, renders } = await siteShowing(show);
      const first = await app.inject({ url: '/page', cookies: { refreshToken: 'a' } });
      expect([first.statusCode, first.headers.location, first.body]).toEqual([307, '/page', '']);
      // In another process (behind a load balancer) the cookie set with it does the same.
      expect(String(first.headers['set-cookie'])).toMatch(/^own_render=1; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax/);
      for (const cookie of ['a', 'b']) {
        const again = await app.inject({ url: '/page', cookies: { refreshToken: cookie } });
        expect([again.statusCode, again.headers['x-page-cache']]).toEqual([200, 'bypass']);
        expect(again.body).toContain(`<p>${show(cookie === 'a' ? 'ann@obmen.test' : 'bob@obmen.test')}</p>`);
      }
      expect(renders()).toBe(3);
      const other = await siteShowing(show);
      const elsewhere = await other.app.inject({ url: '/page', cookies: { refreshToken: 'a', own_render: '1' } });
      expect([elsewhere.statusCode, elsewhere.headers['x-page-cache']]).toEqual([200, 'bypass']);
      expect(elsewhere.body).toContain(`<p>${show('ann@obmen.test')}</p>`);
      await Promise.all([app.close(), other.app.close()]);
    },
  );

  it('leaves another hook’s answer in place of a copy as that hook wrote it (the 404 limit’s 429)', async () => {
    const { app } = await siteShowing((email) => `${email}<!--${'padding '.repeat(300)}-->`);
    await app.inject({ url: '/page', cookies: { refreshToken: 'a' } });
    const hit = await app.inject({
      url: '/page',
      cookies: { refreshToken: 'b' },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect([hit.headers['x-page-cache'], hit.headers['content-encoding']]).toEqual(['hit', 'gzip']);
    expect(gunzipSync(hit.rawPayload).toString()).toContain('<p>bob@obmen.test<!--');
    const limited = await app.inject({
      url: '/page',
      cookies: { refreshToken: 'b' },
      headers: { 'accept-encoding': 'gzip', 'x-limit': '1' },
    });
    expect([limited.statusCode, limited.headers['content-encoding'], limited.json()]).toEqual([
      429,
      undefined,
      { code: 'rate_limited' },
    ]);
    await app.close();
  });
});
