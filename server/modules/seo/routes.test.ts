import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { indexedPaths } from '../../../tests/helpers/site-routes.ts';
import { contentPages, newsItems } from '../../db/schema.ts';
import { newsPageSize } from '../../../shared/schemas/content.ts';
import { eq } from 'drizzle-orm';

const origin = 'https://obmen.example';

function parseXml(body: string) {
  const doc = new new Window().DOMParser().parseFromString(body, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

/** Each <url>: its address, lastmod and hreflang -> href alternates. */
function urls(body: string) {
  const doc = parseXml(body);
  expect(doc.documentElement.nodeName).toBe('urlset');
  return [...doc.getElementsByTagName('url')].map((url) => ({
    loc: url.getElementsByTagName('loc')[0]!.textContent,
    lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? null,
    alternates: Object.fromEntries(
      [...url.getElementsByTagName('xhtml:link')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    ),
  }));
}

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, env: { PUBLIC_URL: `${origin}/` } });
  });
  afterAll(() => t.close());

  it('robots.txt keeps crawlers out of the private areas and the API and names the sitemap on PUBLIC_URL', async () => {
    const res = await t.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/admin', '/en/admin', '/account', '/en/account', '/claim', '/en/claim', '/api/', '/en/api/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    // Public pages stay crawlable.
    expect(lines.filter((l) => /^Disallow: \/(en\/)?(rules|news|partners)?$/.test(l))).toEqual([]);
  });

  it('sitemap.xml lists every public page in both languages with alternates pointing at each other', async () => {
    const res = await t.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const list = urls(res.body);
    const locs = list.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of indexedPaths) {
      expect(locs).toContain(`${origin}${path}`);
      expect(locs).toContain(`${origin}${path === '/' ? '/en' : `/en${path}`}`);
    }
    for (const url of list) {
      // Every alternate is itself listed and names the same set of alternates back (hreflang pairs).
      expect(url.alternates['x-default']).toBeDefined();
      const own = Object.entries(url.alternates).filter(([lang]) => lang !== 'x-default');
      expect(own.map(([, href]) => href)).toContain(url.loc);
      for (const [, href] of own) {
        const twin = list.find((u) => u.loc === href);
        expect(twin?.alternates).toEqual(url.alternates);
      }
    }
    const rules = list.find((u) => u.loc === `${origin}/en/rules`)!;
    expect(rules.alternates).toEqual({
      ru: `${origin}/rules`,
      en: `${origin}/en/rules`,
      'x-default': `${origin}/rules`,
    });
  });

  it('lists news only in the language that shows it, dated by the items', async () => {
    const list = urls((await t.inject('/sitemap.xml')).body);
    const article = list.find((u) => u.loc === `${origin}/news/toncoin`);
    expect(article?.alternates).toEqual({ ru: `${origin}/news/toncoin`, 'x-default': `${origin}/news/toncoin` });
    expect(article?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(list.map((u) => u.loc)).toEqual(expect.arrayContaining([`${origin}/news`, `${origin}/news/archive/news`]));
    expect(list.filter((u) => u.loc!.startsWith(`${origin}/en/news`))).toEqual([]);
  });

  it('lists an archive’s page 2 and later, as many as it has, each its own address', async () => {
    const archive = `${origin}/news/archive/updates`;
    const pagesOf = async () =>
      urls((await t.inject('/sitemap.xml')).body)
        .map((u) => u.loc!)
        .filter((loc) => loc.startsWith(archive));
    const ru = t.database.db;
    const count = async () =>
      (await ru.select().from(newsItems)).filter((n) => n.kind === 'update' && n.locale === 'ru').length;
    // Enough updates for three pages of the archive, and not one more.
    const wanted = newsPageSize * 2 + 1 - (await count());
    await ru.insert(newsItems).values(
      Array.from({ length: wanted }, (_, i) => ({
        kind: 'update' as const,
        locale: 'ru' as const,
        slug: `sitemap-update-${i}`,
        title: `Обновление ${i}`,
        summary: 'Кратко',
        body: 'Текст',
        publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    t.services.content.invalidate();
    expect(await pagesOf()).toEqual([archive, `${archive}?page=2`, `${archive}?page=3`]);
    // The page's own canonical is the address listed (shared/seo.ts keeps an archive's ?page=N).
    const { canonicalPath } = await import('../../../shared/seo.ts');
    expect(canonicalPath('/news/archive/updates', '?page=3')).toBe('/news/archive/updates?page=3');
    // The demo's archive of news: as many addresses as it has pages.
    const news = (await ru.select().from(newsItems)).filter((n) => n.kind === 'news' && n.locale === 'ru').length;
    expect(
      urls((await t.inject('/sitemap.xml')).body).filter((u) => u.loc!.startsWith(`${origin}/news/archive/news`)),
    ).toHaveLength(Math.ceil(news / newsPageSize));
  });

  it('leaves out private pages', async () => {
    const locs = urls((await t.inject('/sitemap.xml')).body).map((u) => new URL(u.loc!).pathname);
    for (const loc of locs) {
      expect(loc).not.toMatch(/^(\/en)?\/(admin|account|claim|login|register|forget|recover|activate)(\/|$)/);
      expect(loc).not.toMatch(/^(\/en)?\/(api|front-api)\//);
    }
  });

  it('dates content pages by their last change and shows a console edit at once', async () => {
    const before = urls((await t.inject('/sitemap.xml')).body).find((u) => u.loc === `${origin}/aml`)!;
    const [row] = await t.database.db.select().from(contentPages).where(eq(contentPages.slug, 'aml'));
    expect(before.lastmod).toBe(row!.updatedAt.toISOString());

    const changed = new Date('2030-01-02T03:04:05.000Z');
    await t.database.db.update(contentPages).set({ updatedAt: changed }).where(eq(contentPages.slug, 'aml'));
    // Kept until the content changes through the console, which drops the memo.
    expect(urls((await t.inject('/sitemap.xml')).body).find((u) => u.loc === `${origin}/aml`)!.lastmod).toBe(
      before.lastmod,
    );
    t.services.content.invalidate();
    const after = urls((await t.inject('/sitemap.xml')).body);
    expect(after.find((u) => u.loc === `${origin}/aml`)!.lastmod).toBe(changed.toISOString());
    expect(after.find((u) => u.loc === `${origin}/en/aml`)!.lastmod).toBe(changed.toISOString());
  });
});
