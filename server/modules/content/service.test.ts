import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../db/errors.ts';
import { insertNews, setContest } from '../../../tests/helpers/content-factories.ts';
import { contentPages, faqItems, newsItems, partners, settings } from '../../db/schema.ts';
import { seedDemoData } from '../../db/seed.ts';
import { demoContent, demoContest } from '../../db/demo-content.ts';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { contentRepository } from './repository.ts';
import { contentService } from './service.ts';

describe(`content service (${hasPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, seed: false });
  });
  afterAll(() => t.close());

  const countOf = async (table: typeof contentPages | typeof faqItems | typeof newsItems | typeof partners) => {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    return row!.n;
  };

  it('seeds an empty database once, and seeding again changes nothing', async () => {
    await seedDemoData(t.database.db);
    await setContest(t.database.db, { status: 'inactive' });
    await seedDemoData(t.database.db);
    expect(await countOf(contentPages)).toBe(demoContent.pages.length);
    expect(await countOf(faqItems)).toBe(demoContent.faq.length);
    expect(await countOf(newsItems)).toBe(demoContent.news.length);
    expect(await countOf(partners)).toBe(demoContent.partners.length);
    // An operator's setting survives the seed.
    expect((await t.database.db.select().from(settings).where(eq(settings.key, 'contest')))[0]!.value).toEqual({
      status: 'inactive',
    });
    expect((await t.services.content.contest('ru')).status).toBe('inactive');
    await setContest(t.database.db, demoContest);
    expect((await t.services.content.contest('en')).status).toBe('active');
  });

  it('has the demo data the task asks for', () => {
    const slugs = demoContent.pages.map((p) => p.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'rules',
        'aml',
        'contacts',
        'concurs',
        'sales',
        'partners',
        'partners-users',
        'partners-monitoring',
      ]),
    );
    for (const page of demoContent.pages) {
      expect(page.body.ru.length, page.slug).toBeGreaterThan(100);
      expect(page.body.en.length, page.slug).toBeGreaterThan(100);
    }
    expect(demoContent.faq.length).toBeGreaterThanOrEqual(8);
    expect(demoContent.news.filter((n) => n.kind === 'news').length).toBeGreaterThanOrEqual(14);
    expect(demoContent.news.filter((n) => n.kind === 'update').length).toBeGreaterThanOrEqual(8);
    expect(new Set(demoContent.news.map((n) => n.slug)).size).toBe(demoContent.news.length);
  });

  it('falls back to ru for a text not translated yet', async () => {
    await t.database.db.insert(contentPages).values({
      slug: 'draft',
      title: { ru: 'Черновик', en: '' },
      description: { ru: 'Лид', en: '' },
      body: { ru: 'Текст', en: '' },
    });
    expect(await t.services.content.page('draft', 'en')).toMatchObject({ title: 'Черновик', html: '<p>Текст</p>' });
  });

  it('pages news and says when a page is past the end', async () => {
    const service = t.services.content;
    const first = await service.news('ru', { kind: 'news', page: 1, size: 10 });
    expect(first!.pages).toBe(Math.ceil(first!.count / 10));
    expect(await service.news('ru', { kind: 'news', page: first!.pages + 1, size: 10 })).toBeNull();
    expect(await service.news('en', { page: 1, size: 10 })).toEqual({ count: 0, pages: 1, results: [] });
  });

  it('keeps news of one locale out of the other', async () => {
    await insertNews(t.database.db, [{ locale: 'en', slug: 'english-only', title: 'English news' }]);
    expect(await t.services.content.article('en', 'english-only')).toMatchObject({ title: 'English news' });
    expect(await t.services.content.article('ru', 'english-only')).toBeNull();
  });

  it('recognises the unique violation of a repeated site (23505)', async () => {
    const repo = contentRepository(t.database.db);
    const row = {
      name: 'A',
      url: 'https://a.example',
      siteKey: 'a.example',
      email: 'a@a.example',
      locale: 'ru' as const,
    };
    await repo.insertMonitoringRegistration(row);
    const error = await repo.insertMonitoringRegistration(row).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'monitoring_registrations_site_key')).toBe(true);
    expect(isUniqueViolation(error, 'other_index')).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);

    const service = contentService(repo, { supportEmail: 's@s.example' });
    await expect(
      service.registerMonitoring({ name: 'B', url: 'http://www.a.example/', email: 'b@b.example', comment: '' }, 'en'),
    ).rejects.toMatchObject({ code: 'duplicate_monitoring', fields: { url: ['duplicate_monitoring'] } });
  });
});
