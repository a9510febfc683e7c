import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { contentPages } from '../../db/schema.ts';

describe('content read memo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false });
  });
  afterAll(() => t.close());

  it('serves a page from the memo until invalidated, then reads the change', async () => {
    const before = await t.services.content.page('rules', 'en');
    expect(before?.title).toBe('Exchange rules');
    await t.database.db
      .update(contentPages)
      .set({ title: { ru: 'Правила', en: 'Rules of exchange' } })
      .where(eq(contentPages.slug, 'rules'));
    // Still the copy: the render path does not query the database again.
    expect((await t.services.content.page('rules', 'en'))?.title).toBe('Exchange rules');
    t.services.content.invalidate();
    expect((await t.services.content.page('rules', 'en'))?.title).toBe('Rules of exchange');
  });

  it('does not keep misses, so a page added later is found at once', async () => {
    expect(await t.services.content.page('later', 'ru')).toBeNull();
    await t.database.db.insert(contentPages).values({
      slug: 'later',
      title: { ru: 'Позже', en: 'Later' },
      description: { ru: '', en: '' },
      body: { ru: 'Текст', en: 'Text' },
    });
    expect((await t.services.content.page('later', 'ru'))?.title).toBe('Позже');
  });
});
