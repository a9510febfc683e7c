import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contentPages, newsItems } from '../../../server/db/schema.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';

/**
 * A day alone (a content page's "updated", a news item's date) is the exchange's calendar day (EXCHANGE_TIME_ZONE),
 * whatever zone the server process runs in (docs/i18n.md "Times and zones"): the edge is a moment a few minutes past
 * midnight, which is one day in UTC and another in the exchange's zone. It had been written in Moscow's zone whatever
 * the exchange's was.
 */
async function site(zone: string | undefined, at: string): Promise<TestApp> {
  const t = await build(zone ? { env: { EXCHANGE_TIME_ZONE: zone } } : {});
  await t.database.db
    .update(contentPages)
    .set({ updatedAt: new Date(at) })
    .where(eq(contentPages.slug, 'rules'));
  await t.database.db
    .update(newsItems)
    .set({ publishedAt: new Date(at) })
    .where(eq(newsItems.slug, 'toncoin'));
  t.services.content.invalidate();
  return t;
}

/** The page's text without tags (a date may sit inside <time> or beside a comment React leaves). */
const text = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ' ');

describe('a day alone is the exchange’s calendar day', () => {
  describe('the exchange in New York, 00:05 UTC on 25 November (19:05 on the 24th there)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await site('America/New_York', '2026-11-25T00:05:00Z');
    });
    afterAll(() => t.close());

    it('a content page says it was updated on the 24th, in both languages', async () => {
      expect(text((await t.inject('/rules')).body)).toContain('Обновлено 24 нояб. 2026 г.');
      expect(text((await t.inject('/en/rules')).body)).toContain('Updated Nov 24, 2026');
    });

    it('the news list and the article say the 24th', async () => {
      const list = await t.inject('/news');
      expect(list.body).toMatch(/<time dateTime="2026-11-25T00:05:00.000Z"[^>]*>24 нояб\. 2026 г\.<\/time>/i);
      const article = await t.inject('/news/toncoin');
      expect(article.body).toMatch(/<time dateTime="2026-11-25T00:05:00.000Z"[^>]*>24 нояб\. 2026 г\.<\/time>/i);
    });
  });

  describe('the default exchange zone (Moscow), 21:05 UTC on 24 November (00:05 on the 25th there)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await site(undefined, '2026-11-24T21:05:00Z');
    });
    afterAll(() => t.close());

    it('a content page and a news item say the 25th, not UTC’s 24th', async () => {
      expect(text((await t.inject('/rules')).body)).toContain('Обновлено 25 нояб. 2026 г.');
      expect(text((await t.inject('/en/rules')).body)).toContain('Updated Nov 25, 2026');
      expect((await t.inject('/news/toncoin')).body).toMatch(/>25 нояб\. 2026 г\.<\/time>/);
    });
  });
});
