import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, login } from '../tests/helpers/accounts.ts';
import { build, type TestApp } from '../tests/helpers/build.ts';
import { indexedPaths, newsPaths } from '../tests/helpers/site-routes.ts';

const origin = 'https://obmen.example';

/** The head tags search engines and link previews read, from a rendered page. */
function head(html: string) {
  const doc = new new Window().DOMParser().parseFromString(html, 'text/html');
  const h = doc.head;
  const meta = (attr: string, name: string) =>
    [...h.querySelectorAll(`meta[${attr}="${name}"]`)].map((m) => m.getAttribute('content'));
  return {
    title: h.querySelector('title')?.textContent ?? null,
    titles: h.querySelectorAll('title').length,
    canonical: [...h.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
    alternates: Object.fromEntries(
      [...h.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang') ?? '',
        l.getAttribute('href') ?? '',
      ]),
    ) as Record<string, string>,
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    og: (p: string) => meta('property', `og:${p}`),
    twitter: (p: string) => meta('name', `twitter:${p}`),
  };
}

/** Every indexed page (docs/product/seo.md); news exists in Russian only. */
const bothLanguages = indexedPaths;
const russianOnly = [...newsPaths, '/news/toncoin'];
const pages = [...bothLanguages.flatMap((p) => [p, p === '/' ? '/en' : `/en${p}`]), ...russianOnly];

describe('the head of every public page (SSR)', () => {
  let t: TestApp;
  const heads = new Map<string, ReturnType<typeof head>>();
  beforeAll(async () => {
    t = await build({ env: { PUBLIC_URL: origin } });
    for (const url of pages) {
      const res = await t.inject(url);
      expect(res.statusCode, url).toBe(200);
      heads.set(url, head(res.body));
    }
  });
  afterAll(() => t.close());

  it.each(pages)('%s: self-referencing absolute canonical, hreflang pairs, Open Graph and Twitter card', (url) => {
    const h = heads.get(url)!;
    const self = `${origin}${url}`;
    expect(h.canonical).toEqual([self]);
    expect(h.robots).toEqual([]);
    expect(h.titles).toBe(1);
    expect(h.description).toHaveLength(1);
    expect(h.description[0]!.length).toBeGreaterThan(20);

    // The alternates name this page and its twin; the twin names the same ones back.
    const langs = russianOnly.includes(url) ? ['ru', 'x-default'] : ['en', 'ru', 'x-default'];
    expect(Object.keys(h.alternates).sort()).toEqual(langs);
    expect(Object.values(h.alternates)).toContain(self);
    const ru = h.alternates.ru!;
    expect(h.alternates['x-default']).toBe(ru);
    for (const [lang, href] of Object.entries(h.alternates)) {
      if (lang === 'x-default') continue;
      const twin = heads.get(href.slice(origin.length));
      expect(twin?.alternates, `${url} -> ${href}`).toEqual(h.alternates);
    }

    expect(h.og('title')).toEqual([h.title]);
    expect(h.og('description')).toEqual(h.description);
    expect(h.og('url')).toEqual([self]);
    expect(h.og('image')).toEqual([`${origin}/og-image.png`]);
    expect(h.og('locale')).toEqual([url === '/en' || url.startsWith('/en/') ? 'en_US' : 'ru_RU']);
    expect(h.twitter('card')).toEqual(['summary_large_image']);
    expect(h.twitter('title')).toEqual([h.title]);
  });

  it('gives every page its own title and description in each language', () => {
    const all = [...heads.values()];
    expect(new Set(all.map((h) => h.title)).size).toBe(all.length);
    expect(new Set(all.map((h) => h.description[0])).size).toBe(all.length);
  });

  it('keeps an archive page number in the address and drops any other query', async () => {
    const second = head((await t.inject('/news/archive/news?page=2&utm_source=x')).body);
    expect(second.canonical).toEqual([`${origin}/news/archive/news?page=2`]);
    expect(second.alternates.ru).toBe(`${origin}/news/archive/news?page=2`);
    const pair = head((await t.inject('/en/?cur_from=BTC&cur_to=SBERRUB')).body);
    expect(pair.canonical).toEqual([`${origin}/en`]);
  });

  it('serves the share picture', async () => {
    const res = await t.inject('/og-image.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // PNG signature, then the IHDR chunk's width and height.
    expect(res.rawPayload.readUInt32BE(16)).toBe(1200);
    expect(res.rawPayload.readUInt32BE(20)).toBe(630);
  });

  it.each(['/login', '/en/register', '/forget', '/account/orders', '/admin', '/claim/success', '/no-such-page'])(
    '%s stays out of search engines',
    async (url) => {
      const res = await t.inject(url);
      // Guards redirect a guest from the account and the console: the target is what a crawler gets.
      const page = res.statusCode >= 300 && res.statusCode < 400 ? await t.inject(res.headers.location!) : res;
      const h = head(page.body);
      expect(h.robots.length).toBe(1);
      expect(h.robots[0]).toMatch(/^noindex/);
      expect(h.canonical).toEqual([]);
      expect(h.alternates).toEqual({});
    },
  );
});

describe('claim pages in the headers too', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it.each(['/claim/success', '/en/claim/fail', '/claim/00000000-0000-4000-8000-000000000000', '/en/claim/nope'])(
    '%s is neither indexed nor stored, the second answer too (never from the page cache)',
    async (url) => {
      for (const round of [1, 2]) {
        const res = await t.inject(url);
        expect(res.headers['x-robots-tag'], `${url} #${round}`).toBe('noindex, nofollow');
        expect(res.headers['cache-control'], `${url} #${round}`).toBe('no-store');
        expect(res.headers['x-page-cache'], `${url} #${round}`).not.toBe('hit');
      }
    },
  );
});

describe('cache headers of pages with a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('a page rendered for a logged-in visitor is private and varies by cookie; a guest page is as before', async () => {
    const { email, password } = await activeUser(t, 'seo-private@example.com');
    const { cookie } = await login(t, email, password);
    const mine = await t.inject({ url: '/rules', cookies: { refreshToken: cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(email);
    expect(mine.headers['cache-control']).toMatch(/\bprivate\b|\bno-store\b/);
    expect(String(mine.headers.vary)).toMatch(/\bCookie\b/);

    const account = await t.inject({ url: '/en/account/orders', cookies: { refreshToken: cookie } });
    expect(account.statusCode).toBe(200);
    expect(account.headers['cache-control']).toBe('no-store');
    expect(String(account.headers.vary)).toMatch(/\bCookie\b/);

    const guest = await t.inject('/rules');
    expect(guest.body).not.toContain(email);
    expect(guest.headers['cache-control']).toBeUndefined();
  });
});
