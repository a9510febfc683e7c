import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { demoContent } from '../../../server/db/demo-content.ts';

const newsCount = demoContent.news.filter((n) => n.kind === 'news').length;

describe('news section (SSR)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('lists the latest news and updates with links to the archives', async () => {
    const res = await t.inject('/news');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ru-RU"');
    expect(res.body).toContain('<title>Новости — Obmen</title>');
    expect(res.body).toContain('Последние новости');
    expect(res.body).toContain('Обновления сервиса');
    expect(res.body).toContain('href="/news/archive/news"');
    expect(res.body).toContain('href="/news/archive/updates"');
    expect(res.body).toContain('Стартовал осенний конкурс отзывов');
  });

  it('shows an article with share links, and 404 for an unknown slug', async () => {
    const res = await t.inject('/news/toncoin');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Добавили Toncoin (TON) — Obmen</title>');
    expect(res.body).toContain('https://t.me/share/url?url=');
    expect(res.body).toMatch(/datetime="2026-01-28T09:00:00.000Z"/i);
    const missing = await t.inject('/news/no-such-article');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="ru-RU"');
  });

  it('paginates the archives with prev/next, page numbers and aria-current', async () => {
    const first = await t.inject('/news/archive/news');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<title>Архив новостей — Obmen</title>');
    expect(first.body).toMatch(/aria-current="page"[^>]*>1</);
    expect(first.body).toContain('href="/news/archive/news?page=2"');
    expect(first.body).not.toContain('rel="prev"');

    const last = Math.ceil(newsCount / 8);
    const page = await t.inject(`/news/archive/news?page=${last}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Страница ${last}`);
    expect(page.body).toContain('rel="prev"');
    expect(page.body).not.toContain('rel="next"');

    const updates = await t.inject('/news/archive/updates?page=2');
    expect(updates.statusCode).toBe(200);
    expect(updates.body).toContain('Архив обновлений');
  });

  it.each(['/news/archive/news?page=99', '/news/archive/news?page=0', '/news/archive/updates?page=x'])(
    '%s is a 404',
    async (url) => {
      expect((await t.inject(url)).statusCode).toBe(404);
    },
  );

  it.each(['/en/news', '/en/news/toncoin', '/en/news/archive/news'])(
    'the news guard sends %s to the English home page, which says why (?from=news)',
    async (url) => {
      const res = await t.inject(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/en?from=news');
    },
  );
});

describe('news section without news', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ seed: false });
  });
  afterAll(() => t.close());

  it('shows empty states', async () => {
    const list = await t.inject('/news');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Новостей пока нет.');
    expect(list.body).toContain('Обновлений пока нет.');
    const archive = await t.inject('/news/archive/updates');
    expect(archive.statusCode).toBe(200);
    expect(archive.body).toContain('Обновлений пока нет.');
  });
});
