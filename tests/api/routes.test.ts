import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.ts';
import { guestPaths, newsPaths } from '../helpers/site-routes.ts';

/**
 * Every route (docs/product/site.md) in both locales through the real app (SSR on, seeded database): status or
 * redirect, <html lang>, and the shared frame around the page. Unknown pages and API paths answer 404 in their own
 * format.
 */

const accountPaths = [
  '/account',
  '/account/adv',
  '/account/orders',
  '/account/promocodes',
  '/account/referrer',
  '/account/settings',
];

const locales = {
  ru: { prefix: '', lang: 'ru-RU', footer: 'Сервис обмена электронных валют' },
  en: { prefix: '/en', lang: 'en-US', footer: 'Electronic currency exchange service' },
} as const;

const at = (locale: 'ru' | 'en', path: string) => (locale === 'ru' ? path : path === '/' ? '/en' : `/en${path}`);

/** The HTML as text: React's `<!-- -->` separators between adjacent text nodes removed, entities for quotes decoded. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe('routes, both locales', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ seed: true, ssr: true });
  });
  afterAll(() => t.close());

  for (const locale of ['ru', 'en'] as const) {
    const l = locales[locale];
    describe(locale, () => {
      for (const path of guestPaths) {
        it(`${at(locale, path)} renders in the frame`, async () => {
          const res = await t.inject(at(locale, path));
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
          expect(res.body).toContain(`<html lang="${l.lang}"`);
          expect(text(res.body)).toContain(l.footer);
        });
      }

      it('client-side navigation data (.data) of every guest route answers 200', async () => {
        // What the browser fetches when a link is followed without a full load (React Router single fetch).
        const bad: string[] = [];
        for (const path of guestPaths) {
          const url = path === '/' ? (locale === 'ru' ? '/_.data' : '/en.data') : `${at(locale, path)}.data`;
          const res = await t.inject(url);
          if (res.statusCode !== 200) bad.push(`${url} -> ${res.statusCode}`);
        }
        expect(bad).toEqual([]);
      });

      for (const path of accountPaths) {
        it(`${at(locale, path)} sends a guest to the login page`, async () => {
          const res = await t.inject(at(locale, path));
          expect([301, 302, 303, 307, 308]).toContain(res.statusCode);
          const location = new URL(String(res.headers.location), 'http://localhost');
          expect(location.pathname).toBe(at(locale, '/login'));
        });
      }

      it(`${at(locale, '/claim/00000000-0000-4000-8000-000000000000')} (unknown claim) is not a server error`, async () => {
        const res = await t.inject(at(locale, '/claim/00000000-0000-4000-8000-000000000000'));
        expect([200, 404]).toContain(res.statusCode);
        expect(res.body).toContain(`<html lang="${l.lang}"`);
      });

      it(`${at(locale, '/no/such/page')} answers the 404 page`, async () => {
        const res = await t.inject(at(locale, '/no/such/page'));
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain(`<html lang="${l.lang}"`);
        expect(text(res.body)).toContain(l.footer);
        expect(text(res.body)).toContain('404');
        if (locale === 'en') {
          expect(text(res.body)).toContain('page not found');
          expect(text(res.body)).toMatch(/Page not found: (\/en)?\/no\/such\/page/);
        } else {
          expect(text(res.body)).toContain('страница не найдена');
          expect(text(res.body)).toContain('Страница не найдена: /no/such/page');
        }
      });
    });
  }

  describe('news (ru only)', () => {
    for (const path of newsPaths) {
      it(`${path} renders in the frame`, async () => {
        const res = await t.inject(path);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<html lang="ru-RU"');
        expect(text(res.body)).toContain(locales.ru.footer);
      });
    }

    it('a news article linked from the list renders; an unknown slug is 404', async () => {
      const list = await t.inject('/news');
      const slugs = [...list.body.matchAll(/href="\/news\/([^"/?#]+)"/g)]
        .map((m) => m[1]!)
        .filter((s) => s !== 'archive');
      expect(slugs, 'the news list links no article').not.toEqual([]);
      const res = await t.inject(`/news/${slugs[0]}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="ru-RU"');
      const missing = await t.inject('/news/no-such-article-slug');
      expect(missing.statusCode).toBe(404);
    });

    it('/en/news and an article under it redirect to /en, which says news is in Russian only', async () => {
      for (const path of ['/en/news', '/en/news/archive/news', '/en/news/some-article']) {
        const res = await t.inject(path);
        expect([301, 302, 303, 307, 308], path).toContain(res.statusCode);
        const location = new URL(String(res.headers.location), 'http://localhost');
        expect(location.pathname, path).toBe('/en');
        expect(location.search, path).toBe('?from=news');
      }
      const home = await t.inject('/en?from=news');
      expect(home.statusCode).toBe(200);
      expect(text(home.body)).toContain('News is published in Russian only, so you are on the English home page.');
      expect(home.body).toMatch(/<a href="\/news" hrefLang="ru"[^>]*>Read the news in Russian<\/a>/);
      // Only there: not on the English home reached otherwise, nor in Russian, which has news.
      expect(text((await t.inject('/en')).body)).not.toContain('Russian only');
      expect(text((await t.inject('/?from=news')).body)).not.toContain('только на русском');
    });
  });
});

describe('unknown API paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ seed: false, ssr: true });
  });
  afterAll(() => t.close());

  for (const url of ['/api/x', '/api/v1/no/such/', '/front-api/x', '/front-api/auth/nothing/']) {
    it(`${url} answers JSON 404, never the HTML page`, async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await t.inject({ method, url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ detail: 'Не найдено.', code: 'not_found' });
      }
    });
  }

  it('/builds/meta/ of a build it does not serve answers the catalogue’s 404, its own build the meta', async () => {
    const { id } = (await t.inject('/builds/latest.json')).json() as { id: string };
    expect((await t.inject(`/builds/meta/${id}.json`)).json()).toMatchObject({ id });
    for (const url of ['/builds/meta/x.json', '/builds/meta/latest.json']) {
      const res = await t.inject(url);
      expect(res.statusCode, url).toBe(404);
      // It was `{"detail":"Unknown build."}`: English in either language, and no code.
      expect(res.json(), url).toEqual({ detail: 'Не найдено.', code: 'not_found' });
    }
  });

  it('/en/api/x and /en/front-api/x answer in English', async () => {
    for (const url of ['/en/api/x', '/en/front-api/x']) {
      const res = await t.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });
});
