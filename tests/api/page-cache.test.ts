import { createHash } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { directions } from '../../server/db/schema-exchange.ts';
import { activeUser, login } from '../helpers/accounts.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { ratesFixtureServer } from '../helpers/rate-sources.ts';
import { staffUser } from '../helpers/staff.ts';

/**
 * Anonymous pages from a ready cache (docs/decisions/0026-anonymous-page-cache.md): the second visit gets the same
 * bytes without a render, with the same headers and a CSP that allows exactly the page's own inline scripts; a
 * change of content, rates or settings shows on the very next answer; a visitor's own page is never kept or shared.
 */

const browser = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };
const html = (res: InjectResponse) =>
  res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.rawPayload).toString('utf8')
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.rawPayload).toString('utf8')
      : res.body;

/** The `script-src` directive of an answer's CSP, as a list of its sources. */
const scriptSrc = (res: InjectResponse) =>
  (/(?:^|;)script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '').split(' ');

/** The SHA-256 sources of the inline scripts that carry `nonce` (what the render wrote), as a browser hashes them. */
function hashesOfScripts(body: string, nonce: string) {
  return [...body.matchAll(/<script\b([^>]*)>([^]*?)<\/script>/g)]
    .filter(([, attributes]) => attributes!.includes(`nonce="${nonce}"`) && !attributes!.includes('src='))
    .map(([, , text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
}

describe('anonymous pages from the cache', () => {
  let t: TestApp;
  const sources = ratesFixtureServer();
  beforeAll(async () => {
    t = await build({ env: await sources.start() });
  });
  afterAll(async () => {
    await t.close();
    await sources.close();
  });
  /** An admin changes the rules' text (both languages), as the console does: returns it. */
  const changeRules = async (text: string) => {
    const admin = await staffUser(t, 'admin');
    const page = (await t.services.admin.content.page('rules'))!;
    await t.services.admin.content.updatePage({ id: admin.id, email: admin.email }, 'rules', {
      ...page,
      body: { ru: text, en: text },
    });
    return text;
  };

  it('serves the second anonymous visit the same bytes from the cache, in each language', async () => {
    for (const url of ['/rules', '/en/rules', '/', '/en', '/news', '/partners', '/faq']) {
      const first = await t.inject({ url, headers: browser });
      const second = await t.inject({ url, headers: browser });
      expect([first.statusCode, second.statusCode], url).toEqual([200, 200]);
      expect([first.headers['x-page-cache'], second.headers['x-page-cache']], url).toEqual(['miss', 'hit']);
      expect(second.rawPayload.equals(first.rawPayload), url).toBe(true);
      // A client that takes no encoding gets the same page plain, from the same entry.
      const plain = await t.inject({ url, headers: { accept: 'text/html' } });
      expect(plain.headers['x-page-cache']).toBe('hit');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html(first));
    }
    // HEAD gets the page's headers from the same entry, and no body.
    const head = await t.inject({ method: 'HEAD', url: '/rules', headers: browser });
    expect([head.statusCode, head.headers['x-page-cache'], head.body]).toEqual([200, 'hit', '']);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('renders a page once for visitors who ask for it at the same time, the others getting that copy', async () => {
    for (const url of ['/en/faq?burst=1', '/no-such-page?burst=1']) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.inject({ url, headers: browser })));
      const states = answers.map((res) => res.headers['x-page-cache']).sort();
      expect(states, url).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'miss']);
      expect(new Set(answers.map((res) => res.statusCode)).size, url).toBe(1);
      expect(new Set(answers.map((res) => html(res))).size, url).toBe(1);
    }
  });

  it('gives a visitor whose session cookie has ended the guest’s page, private to them', async () => {
    const url = '/en/faq?burst=2';
    const [anonymous, withSession] = await Promise.all([
      t.inject({ url, headers: browser }),
      t.inject({ url, headers: { ...browser, cookie: 'refreshToken=unknown' } }),
    ]);
    expect(anonymous.headers['x-page-cache']).toBe('miss');
    expect(withSession.headers['x-page-cache']).toBe('hit');
    expect(html(withSession)).toBe(html(anonymous));
    expect(String(withSession.headers['cache-control'])).toMatch(/private/);
  });

  it('answers a visitor who holds the copy 304 without the page, and a changed page in full', async () => {
    const counted = async () => {
      const text = (await t.services.metrics.scrape()).body;
      const of = (outcome: string) =>
        Number(
          new RegExp(`^obmen_page_cache_answers_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0,
        );
      return { hit: of('hit'), not_modified: of('not_modified'), miss: of('miss'), bypass: of('bypass') };
    };
    const before = await counted();
    const url = '/en/rules?revalidate=1';
    const first = await t.inject({ url, headers: browser });
    const second = await t.inject({ url, headers: browser });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(second.headers.etag).toBe(etag);

    const again = await t.inject({ url, headers: { ...browser, 'if-none-match': etag } });
    expect([again.statusCode, again.headers['x-page-cache'], again.headers.etag, again.body]).toEqual([
      304,
      'hit',
      etag,
      '',
    ]);
    expect(again.headers['content-encoding']).toBeUndefined();
    // A browser keeps the 304's headers in place of the held page's: the policy must be the copy's, hashes and all.
    expect(again.headers['content-security-policy']).toBe(second.headers['content-security-policy']);
    expect(scriptSrc(again).filter((s) => s.startsWith("'sha256-")).length).toBeGreaterThan(3);
    expect(String(again.headers.vary)).toMatch(/Accept-Encoding/);
    // Another copy's validator, or the same with a session (a page of its own, the visitor's e-mail in it): the page
    // in full, without a validator.
    const other = await t.inject({ url, headers: { ...browser, 'if-none-match': 'W/"another"' } });
    expect([other.statusCode, other.headers['x-page-cache']]).toEqual([200, 'hit']);
    expect(html(other)).toBe(html(first));
    const email = `etag-${Date.now()}@obmen.test`;
    await activeUser(t, email);
    const { cookie } = await login(t, email, 'correct horse battery');
    const own = await t.inject({
      url,
      headers: { ...browser, 'if-none-match': etag },
      cookies: { refreshToken: cookie },
    });
    expect([own.statusCode, own.headers['x-page-cache'], own.headers.etag]).toEqual([200, 'miss', undefined]);
    // Each answer counted by what the cache did (the metrics' obmen_page_cache_answers_total).
    const after = await counted();
    expect({
      hit: after.hit - before.hit,
      not_modified: after.not_modified - before.not_modified,
      miss: after.miss - before.miss,
      bypass: after.bypass - before.bypass,
    }).toEqual({ hit: 2, not_modified: 1, miss: 2, bypass: 0 });

    // The page changes: the held validator no longer names it.
    const text = await changeRules(`Revalidated rules ${Date.now()}`);
    const changed = await t.inject({ url, headers: { ...browser, 'if-none-match': etag } });
    expect([changed.statusCode, changed.headers['x-page-cache']]).toEqual([200, 'miss']);
    expect(html(changed)).toContain(text);
    expect(changed.headers.etag).not.toBe(etag);

    // A 404 page is kept but carries no validator: it is never answered 304.
    const missing = await t.inject({ url: '/no-such-page?revalidate=1', headers: browser });
    expect(missing.headers.etag).toBeUndefined();
  });

  it('keeps the 404 page too, with its status', async () => {
    const first = await t.inject({ url: '/no-such-page', headers: browser });
    const second = await t.inject({ url: '/no-such-page', headers: browser });
    expect([first.statusCode, second.statusCode]).toEqual([404, 404]);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(html(second)).toBe(html(first));
  });

  it('answers from the cache with the same headers as a rendered page, the CSP allowing its scripts by hash', async () => {
    for (const url of ['/', '/en/rules', '/no-such-page']) {
      const rendered = await t.inject({ url: `${url}?fresh=${url.length}`, headers: browser });
      const cached = await t.inject({ url: `${url}?fresh=${url.length}`, headers: browser });
      expect([rendered.headers['x-page-cache'], cached.headers['x-page-cache']]).toEqual(['miss', 'hit']);
      const varying = new Set(['date', 'content-security-policy', 'set-cookie', 'x-page-cache']);
      const same = (res: InjectResponse) =>
        Object.fromEntries(Object.entries(res.headers).filter(([name]) => !varying.has(name)));
      expect(same(cached)).toEqual(same(rendered));
      expect(Object.keys(cached.headers).sort()).toEqual(Object.keys(rendered.headers).sort());

      // The rendered page's CSP names its nonce; the copy's names the hashes of the scripts that carried it.
      const nonce = /'nonce-([^']+)'/.exec(String(rendered.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      const hashes = hashesOfScripts(html(cached), nonce!);
      expect(hashes.length).toBeGreaterThan(3);
      expect(
        scriptSrc(cached)
          .filter((s) => s.startsWith("'sha256-"))
          .sort(),
      ).toEqual([...new Set(hashes)].sort());
      expect(String(cached.headers['content-security-policy'])).not.toContain('nonce-');
      const withoutScripts = (csp: unknown) =>
        String(csp)
          .replace(/ '(nonce|sha256)-[^']+'/g, '')
          .replace(/;script-src [^;]*/, ';script-src');
      expect(withoutScripts(cached.headers['content-security-policy'])).toBe(
        withoutScripts(rendered.headers['content-security-policy']),
      );
      expect(scriptSrc(cached).filter((s) => !s.startsWith("'sha256-"))).toEqual(
        scriptSrc(rendered).filter((s) => !s.startsWith("'nonce-")),
      );
    }
  });

  it('keeps the data a link followed in the page asks for (a .data request) by the same rules as the page', async () => {
    const data = (url: string, cookies?: Record<string, string>) =>
      t.inject({ url, headers: { 'accept-encoding': 'gzip, br' }, ...(cookies ? { cookies } : {}) });
    const body = (res: InjectResponse) => html(res);
    const first = await data('/en/rules.data');
    const second = await data('/en/rules.data');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['content-type']).toBe('text/x-script');
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    expect(body(second)).toBe(body(first));
    // A content change reaches it on the next answer, as it reaches the page.
    const text = await changeRules(`Data rules ${Date.now()}`);
    const changed = await data('/en/rules.data');
    expect(changed.headers['x-page-cache']).toBe('miss');
    expect(body(changed)).toContain(text);
    // A visitor with a session gets the data with their own e-mail (the root's user): kept for the next visitor with
    // a session, who gets theirs; a guest's data never holds one.
    const emails = [`data-${Date.now()}@obmen.test`, `data-2-${Date.now()}@obmen.test`];
    const seen = [];
    for (const email of emails) {
      await activeUser(t, email);
      const { cookie } = await login(t, email, 'correct horse battery');
      seen.push(await data('/_.data', { refreshToken: cookie }));
    }
    expect(seen.map((res) => res.headers['x-page-cache'])).toEqual(['miss', 'hit']);
    expect(seen.map((res) => [body(res).includes(emails[0]!), body(res).includes(emails[1]!)])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(body(await data('/_.data'))).not.toMatch(/data-(2-)?\d+@obmen\.test|stand-in/);
    // A guest sent to log in (an account page's data answers with the redirect) is not kept.
    for (let i = 0; i < 2; i++) {
      const account = await data('/en/account/orders.data');
      expect(account.statusCode).toBe(202);
      expect(account.headers['x-page-cache']).toBe('bypass');
    }
  });

  it('shows a content change, a rate change and a settings change on the very next anonymous answer', async () => {
    const admin = await staffUser(t, 'admin');
    const actor = { id: admin.id, email: admin.email };

    // Content: the rules' text.
    await t.inject({ url: '/rules', headers: browser });
    expect((await t.inject({ url: '/rules', headers: browser })).headers['x-page-cache']).toBe('hit');
    const text = await changeRules(`Cached rules ${Date.now()}`);
    const rules = await t.inject({ url: '/rules', headers: browser });
    expect(rules.headers['x-page-cache']).toBe('miss');
    expect(html(rules)).toContain(text);

    // Rates: the scheduled refresh fetches the sources (USDT at 101.37 RUB in the recorded answers).
    await t.inject({ url: '/', headers: browser });
    expect(html(await t.inject({ url: '/', headers: browser }))).not.toContain('101,37');
    await t.services.admin.rates.refresh();
    const home = await t.inject({ url: '/', headers: browser });
    expect(home.headers['x-page-cache']).toBe('miss');
    expect(html(home)).toContain('101,37');

    // Settings: the support address in the footer of every page.
    const supportEmail = `cache-${Date.now()}@obmen.test`;
    await t.inject({ url: '/en/faq', headers: browser });
    expect((await t.inject({ url: '/en/faq', headers: browser })).headers['x-page-cache']).toBe('hit');
    const overrides = t.services.site.overrides();
    await t.services.admin.settings.setSite(actor, { ...overrides, supportEmail });
    expect(html(await t.inject({ url: '/en/faq', headers: browser }))).toContain(supportEmail);
  });

  it('serves a logged-in visitor’s public pages from the cache with their own e-mail, never another’s', async () => {
    const stamp = Date.now();
    const emails = [`cached-a-${stamp}@obmen.test`, `cached-b-${stamp}@obmen.test`];
    const cookies: string[] = [];
    for (const email of emails) {
      await activeUser(t, email);
      cookies.push((await login(t, email, 'correct horse battery')).cookie);
    }
    // The anonymous home page is in the cache.
    await t.inject({ url: '/en', headers: browser });
    expect((await t.inject({ url: '/en', headers: browser })).headers['x-page-cache']).toBe('hit');

    const pages = [];
    for (const [i, cookie] of [...cookies, cookies[0]!].entries()) {
      const mine = await t.inject({ url: '/en', headers: browser, cookies: { refreshToken: cookie } });
      expect(mine.statusCode).toBe(200);
      // The first renders the page for a stand-in; the others get that copy with their own e-mail in it.
      expect(mine.headers['x-page-cache']).toBe(i === 0 ? 'miss' : 'hit');
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      expect(mine.headers.etag).toBeUndefined();
      const page = html(mine);
      expect(page).not.toContain('stand-in');
      pages.push(page);
    }
    const [a, b, aAgain] = pages as [string, string, string];
    expect([a.includes(emails[0]!), a.includes(emails[1]!)]).toEqual([true, false]);
    expect([b.includes(emails[0]!), b.includes(emails[1]!)]).toEqual([false, true]);
    expect(aAgain).toBe(a);
    // The header's account link and the data handed to the browser hold it: the same page for each but the e-mail.
    expect(b.replaceAll(emails[1]!, emails[0]!)).toBe(a);
    expect(a).toContain(`aria-label="${emails[0]}"`);
    const anonymous = await t.inject({ url: '/en', headers: browser });
    expect(anonymous.headers['x-page-cache']).toBe('hit');
    expect(html(anonymous)).not.toMatch(/cached-[ab]-/);
  });

  it('allows a logged-in visitor’s copy exactly its scripts, their e-mail in them, by hash', async () => {
    const email = `hashes-${Date.now()}@obmen.test`;
    await activeUser(t, email);
    const { cookie } = await login(t, email, 'correct horse battery');
    for (const kind of ['miss', 'hit']) {
      const res = await t.inject({ url: '/en/rules?hashes=1', headers: browser, cookies: { refreshToken: cookie } });
      expect(res.headers['x-page-cache']).toBe(kind);
      const page = html(res);
      const nonce = /<script\b[^>]*\snonce="([^"]*)"/.exec(page)![1]!;
      const scripts = hashesOfScripts(page, nonce);
      expect(scripts.length).toBeGreaterThan(3);
      // The render answers under its nonce; the copy under its scripts' hashes, the one holding the e-mail too.
      if (kind === 'miss') expect(scriptSrc(res)).toContain(`'nonce-${nonce}'`);
      else
        expect(
          scriptSrc(res)
            .filter((s) => s.startsWith("'sha256-"))
            .sort(),
        ).toEqual([...new Set(scripts)].sort());
      expect(page).toContain(email);
    }
  });

  it('keeps a page per role: staff see their console link, customers do not', async () => {
    const operator = await staffUser(t, 'operator');
    const staffCookie = operator.cookie;
    const email = `role-${Date.now()}@obmen.test`;
    await activeUser(t, email);
    const { cookie } = await login(t, email, 'correct horse battery');
    const url = '/en/contacts?roles=1';
    const consoleLink = /href="\/en\/admin/;
    for (let i = 0; i < 2; i++) {
      const staff = await t.inject({ url, headers: browser, cookies: { refreshToken: staffCookie } });
      const customer = await t.inject({ url, headers: browser, cookies: { refreshToken: cookie } });
      expect([staff.headers['x-page-cache'], customer.headers['x-page-cache']]).toEqual(
        i === 0 ? ['miss', 'miss'] : ['hit', 'hit'],
      );
      expect(html(staff)).toMatch(consoleLink);
      expect(html(staff)).toContain(operator.email);
      expect(html(customer)).not.toMatch(consoleLink);
      expect(html(customer)).toContain(email);
    }
  });

  it('renders for each visitor the pages that show their account, and pages for an address it cannot put in', async () => {
    const email = `account-${Date.now()}@obmen.test`;
    await activeUser(t, email);
    const { cookie } = await login(t, email, 'correct horse battery');
    for (let i = 0; i < 2; i++) {
      const orders = await t.inject({ url: '/en/account/orders', headers: browser, cookies: { refreshToken: cookie } });
      expect(orders.statusCode).toBe(200);
      expect(orders.headers['x-page-cache']).toBe('bypass');
      expect(html(orders)).toContain(email);
      expect(html(orders)).not.toContain('stand-in');
    }
    // An apostrophe is escaped differently in HTML and in the data: such an address gets its pages rendered.
    const odd = `o'neil-${Date.now()}@obmen.test`;
    await activeUser(t, odd);
    const { cookie: oddCookie } = await login(t, odd, 'correct horse battery');
    for (let i = 0; i < 2; i++) {
      const page = await t.inject({ url: '/en/faq', headers: browser, cookies: { refreshToken: oddCookie } });
      expect(page.headers['x-page-cache']).toBe('bypass');
      expect(html(page)).toContain(`o&#x27;neil-`);
    }
  });

  it('shows a content change on the very next page of a logged-in visitor too', async () => {
    const email = `change-${Date.now()}@obmen.test`;
    await activeUser(t, email);
    const { cookie } = await login(t, email, 'correct horse battery');
    const visit = () => t.inject({ url: '/en/rules', headers: browser, cookies: { refreshToken: cookie } });
    await visit();
    expect((await visit()).headers['x-page-cache']).toBe('hit');
    const text = await changeRules(`Rules for customers ${Date.now()}`);
    const changed = await visit();
    expect(changed.headers['x-page-cache']).toBe('miss');
    expect(html(changed)).toContain(text);
    expect(html(changed)).toContain(email);
  });

  it('renders for itself a page that sets a cookie or is private, and one a referral link opens', async () => {
    // A claim's page answers no-store (its link is the customer's key): never kept.
    const uuid = await claimHelpers(t).created('USDTTRC20', 'SBERRUB', '100');
    for (let i = 0; i < 2; i++) {
      const claim = await t.inject({ url: `/claim/${uuid}`, headers: browser });
      expect(claim.statusCode).toBe(200);
      expect(claim.headers['cache-control']).toBe('no-store');
      expect(claim.headers['x-page-cache']).toBe('bypass');
    }
    // A referral link sets its cookie on every visit and is never answered from (or put in) the cache.
    for (let i = 0; i < 2; i++) {
      const ref = await t.inject({ url: '/rules?ref=CACHE123', headers: browser });
      expect(ref.headers['x-page-cache']).toBe('bypass');
      expect(String(ref.headers['set-cookie'])).toContain('ref=CACHE123');
    }
    // The device cookie a browser gets on its first page is set on a cached answer too: it is not part of the page.
    await t.inject({ url: '/aml', headers: browser });
    const first = await t.inject({ url: '/aml', headers: browser });
    expect(first.headers['x-page-cache']).toBe('hit');
    expect(String(first.headers['set-cookie'])).toMatch(/^did=/);
    const again = await t.inject({ url: '/aml', headers: browser, cookies: { did: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('keys on what the render reads: the contest banner’s cookie and the host of absolute links', async () => {
    const withBanner = await t.inject({ url: '/contacts', headers: browser });
    expect(html(withBanner)).toContain('data-testid="contest-banner"');
    for (let i = 0; i < 2; i++) {
      const dismissed = await t.inject({
        url: '/contacts',
        headers: browser,
        cookies: { contest_banner: 'dismissed' },
      });
      expect(dismissed.headers['x-page-cache']).toBe(i === 0 ? 'miss' : 'hit');
      expect(html(dismissed)).not.toContain('data-testid="contest-banner"');
    }
    expect(html(await t.inject({ url: '/contacts', headers: browser }))).toContain('data-testid="contest-banner"');

    // A news article's share links are absolute, from the request's host: another host's copy is not this one's.
    const [article] = (await t.services.content.news('ru', { page: 1, size: 1 }))!.results;
    const url = `/news/${article!.slug}`;
    const forged = await t.inject({ url, headers: { ...browser, host: 'evil.example' } });
    expect(html(forged)).toContain('evil.example');
    const real = await t.inject({ url, headers: browser });
    expect(real.headers['x-page-cache']).toBe('miss');
    expect(html(real)).not.toContain('evil.example');
  });
});

describe('logged-in visitors’ pages over real connections', () => {
  it('gives each of many visitors at once their own page, though answers reuse their buffers', async () => {
    // Answers from the cut copy are written into buffers given back once written (server/plugins/answer-buffers.ts):
    // many answers in flight on real sockets, one client reading slowly, must never carry another's bytes.
    const t = await build();
    try {
      const stamp = Date.now();
      const emails = Array.from({ length: 4 }, (_, i) => `wire-${i}-${stamp}@obmen.test`);
      const cookies: string[] = [];
      for (const email of emails) {
        await activeUser(t, email);
        cookies.push((await login(t, email, 'correct horse battery')).cookie);
      }
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const get = (cookie: string) =>
        new Promise<{ cache: string; body: string }>((resolve, reject) => {
          const headers = { ...browser, cookie: `refreshToken=${cookie}` };
          http
            .get({ host: '127.0.0.1', port, path: '/en/rules', agent, headers }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                resolve({
                  cache: String(res.headers['x-page-cache']),
                  body: gunzipSync(Buffer.concat(chunks)).toString('utf8'),
                }),
              );
            })
            .on('error', reject);
        });
      // The copy may be rendered again meanwhile (the demo's rates refresh): its nonce is then another.
      const unnonced = (page: string) => page.replace(/ nonce="[^"]*"/g, ' nonce=""');
      const first = await get(cookies[0]!);
      expect(first.cache).toBe('miss');
      const pageOf = (i: number) => unnonced(first.body.replaceAll(emails[0]!, emails[i]!));

      // One visitor's answer waits in the server, handed to its socket but not sent (the socket's writes held back and
      // their bytes kept by reference, as Node keeps them while a slow network drains), while many others' answers
      // come and go: given back before it was sent, its buffer would carry another visitor's page when it leaves.
      const heldRound = async () => {
        const waiting: Parameters<net.Socket['write']>[] = [];
        let sendHeld = () => {};
        t.app.server.once('connection', (socket: net.Socket) => {
          const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
          socket.write = ((...args: Parameters<net.Socket['write']>) => {
            waiting.push(args);
            return false;
          }) as net.Socket['write'];
          sendHeld = () => {
            socket.write = write as net.Socket['write'];
            for (const args of waiting) write(...args);
          };
        });
        const slow = net.connect(port, '127.0.0.1');
        const slowAnswer = new Promise<Buffer>((resolve, reject) => {
          const chunks: Buffer[] = [];
          slow.on('data', (c: Buffer) => chunks.push(c));
          slow.on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
        });
        slow.write(
          `GET /en/rules HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/html\r\nAccept-Encoding: gzip\r\n` +
            `Cookie: refreshToken=${cookies[1]}\r\nConnection: close\r\n\r\n`,
        );
        await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0), { timeout: 10_000 });
        // Everyone but the held visitor: any of their bytes in the held answer would show.
        const others = [0, 2, 3];
        const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => get(cookies[others[i % 3]!]!)));
        // From the copy (a page rendered again meanwhile answers its visitor as a render does).
        expect(answers.filter((answer) => answer.cache === 'hit').length).toBeGreaterThan(answers.length / 2);
        for (const [i, answer] of answers.entries()) {
          const own = others[i % 3]!;
          // The very page the first visitor got, with this visitor's e-mail where theirs stood, and nobody else's.
          expect(unnonced(answer.body)).toBe(pageOf(own));
          for (const [j, email] of emails.entries()) if (j !== own) expect(answer.body).not.toContain(email);
        }
        // The held answer leaves now: the second visitor's own page.
        sendHeld();
        const wire = await slowAnswer;
        const split = wire.indexOf('\r\n\r\n');
        expect(wire.subarray(0, split).toString('latin1')).toMatch(/^HTTP\/1\.1 200[^]*content-encoding: gzip/i);
        expect(unnonced(gunzipSync(wire.subarray(split + 4)).toString('utf8'))).toBe(pageOf(1));
        return /x-page-cache: hit/i.test(wire.subarray(0, split).toString('latin1'));
      };
      // The held answer must be the copy's (the same host as the others', so the same page key); should the demo's
      // rates have sent the page to be rendered again just then, it is asked again.
      let fromCopy = false;
      for (let round = 0; round < 3 && !fromCopy; round++) fromCopy = await heldRound();
      expect(fromCopy).toBe(true);
      agent.destroy();
    } finally {
      await t.close();
    }
  });
});

describe('a page whose rate goes stale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is rendered again the moment a rate on it goes stale, before the cache’s own age limit', async () => {
    // Every source-priced direction's rate goes stale 20 s from now (under the cache's one-minute limit).
    vi.useFakeTimers({ toFake: ['Date'] });
    const limitMinutes = t.services.calculator.rateAge.defaultMinutes();
    const fetchedAt = new Date(Date.now() - limitMinutes * 60_000 + 20_000);
    await t.database.db
      .update(directions)
      .set({ sourceUpdatedAt: fetchedAt })
      .where(eq(directions.courseMode, 'source'));
    t.services.calculator.cache.invalidate();
    const fresh = await t.inject({ url: '/en', headers: browser });
    expect(html(fresh)).toContain('Market rate');
    expect((await t.inject({ url: '/en', headers: browser })).headers['x-page-cache']).toBe('hit');

    vi.setSystemTime(Date.now() + 21_000);
    const stale = await t.inject({ url: '/en', headers: browser });
    expect(stale.headers['x-page-cache']).toBe('miss');
    expect(html(stale)).not.toBe(html(fresh));
  });
});

describe('PAGE_CACHE=off', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([build({ env: { PAGE_CACHE: 'off' } }), build()]);
  });
  afterAll(() => Promise.all([off.close(), on.close()]));

  it('renders every page for everyone, with the headers a cached answer carries', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await off.inject({ url: '/rules', headers: browser });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-page-cache']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).toContain("'nonce-");
    }
    await on.inject({ url: '/rules', headers: browser });
    const cached = await on.inject({ url: '/rules', headers: browser });
    const rendered = await off.inject({ url: '/rules', headers: browser });
    expect(cached.headers['x-page-cache']).toBe('hit');
    // A copy's validator is its own: a render's bytes differ every time (its nonce), so it carries none.
    expect([cached.headers.etag === undefined, rendered.headers.etag]).toEqual([false, undefined]);
    const names = (res: InjectResponse) => Object.keys(res.headers).filter((n) => n !== 'x-page-cache' && n !== 'etag');
    expect(names(cached).sort()).toEqual(names(rendered).sort());
    for (const name of ['content-type', 'vary', 'cache-control', 'x-frame-options']) {
      expect(cached.headers[name], name).toBe(rendered.headers[name]);
    }
    // A copy is compressed once, as brotli; a render as gzip with its stylesheet compressed once (docs/decisions/0034).
    expect([cached.headers['content-encoding'], rendered.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(html(rendered)).toMatch(/^<!DOCTYPE html>[^]*<\/html>$/);
  });

  it('gives a logged-in visitor from the cache the very page a render for their session writes', async () => {
    const email = `same-${Date.now()}@obmen.test`;
    const cookies = [];
    for (const app of [off, on]) {
      await activeUser(app, email);
      cookies.push((await login(app, email, 'correct horse battery')).cookie);
    }
    // Each render writes its own nonce, and each app's demo texts were written at its own start: the rest is the page.
    const unnonced = (res: InjectResponse) =>
      html(res)
        .replace(/ nonce="[^"]*"/g, ' nonce=""')
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, 'T');
    // Not the home page: its rates are each app's own.
    for (const url of ['/en/rules', '/faq', '/en/contacts', '/en/partners', '/no-such-page']) {
      const rendered = await off.inject({ url, headers: browser, cookies: { refreshToken: cookies[0]! } });
      await on.inject({ url, headers: browser, cookies: { refreshToken: cookies[1]! } });
      const cached = await on.inject({ url, headers: browser, cookies: { refreshToken: cookies[1]! } });
      expect(cached.headers['x-page-cache'], url).toBe('hit');
      expect(cached.statusCode, url).toBe(rendered.statusCode);
      expect(unnonced(cached), url).toBe(unnonced(rendered));
      expect(html(cached), url).toContain(email);
    }
  });
});
