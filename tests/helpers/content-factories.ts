import type { Tx } from '../../server/db/client.ts';
import { type ContestSetting, newsItems, settings } from '../../server/db/schema.ts';

/** Test factories for content rows: sensible defaults, any field overridable. */

let sequence = 0;

export type NewsOverrides = Partial<typeof newsItems.$inferInsert>;

function makeNews(overrides: NewsOverrides = {}): typeof newsItems.$inferInsert {
  sequence += 1;
  return {
    kind: 'news',
    locale: 'ru',
    slug: `test-news-${sequence}`,
    title: `Тестовая новость ${sequence}`,
    summary: 'Краткое описание.',
    body: 'Текст новости.',
    publishedAt: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000),
    ...overrides,
  };
}

export async function insertNews(tx: Tx, rows: NewsOverrides[]) {
  return tx.insert(newsItems).values(rows.map(makeNews)).returning();
}

export async function setContest(tx: Tx, value: Partial<ContestSetting>) {
  await tx
    .insert(settings)
    .values({ key: 'contest', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}
