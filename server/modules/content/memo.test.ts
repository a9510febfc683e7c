import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { testRedisPrefix, testRedisUrl } from '../../../tests/helpers/redis.ts';
import { contentPages } from '../../db/schema.ts';
import { redisBus } from '../calculator/cache.ts';
import { contentRepository } from './repository.ts';
import { contentService } from './service.ts';

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

// Redis runs on CI and here (.ci/run sets TEST_REDIS_URL); without it this part is skipped, like the calculator's.
const redisUrl = testRedisUrl;
describe.skipIf(!redisUrl)('content memo across processes: Redis pub/sub (TEST_REDIS_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false });
  });
  afterAll(() => t.close());

  it("one process's change drops the other's memo", async () => {
    // Two "processes": two services over one database, each with its own memo and its own Redis connections.
    const channel = `${testRedisPrefix}:test:content`;
    const [a, b] = [0, 1].map(() =>
      contentService(contentRepository(t.database.db), {
        supportEmail: 'x@obmen.test',
        bus: redisBus(redisUrl!, channel),
      }),
    ) as [ReturnType<typeof contentService>, ReturnType<typeof contentService>];
    try {
      // Let both subscriptions reach Redis before the first message.
      await new Promise((r) => setTimeout(r, 200));
      expect((await a.page('rules', 'en'))?.title).toBe('Exchange rules');
      expect((await b.page('rules', 'en'))?.title).toBe('Exchange rules');
      await t.database.db
        .update(contentPages)
        .set({ title: { ru: 'Правила', en: 'Changed elsewhere' } })
        .where(eq(contentPages.slug, 'rules'));
      a.invalidate();
      expect((await a.page('rules', 'en'))?.title).toBe('Changed elsewhere');
      await expect.poll(async () => (await b.page('rules', 'en'))?.title).toBe('Changed elsewhere');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
