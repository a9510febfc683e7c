import type { Db } from './client.ts';
import { contentPages } from './schema.ts';
import { demoContent } from './demo-content.ts';

/** Demo content for an empty database (DEMO_DATA). Idempotent: a table that has rows is left alone. */
export async function seedDemoData(db: Db) {
  const existing = await db.select({ slug: contentPages.slug }).from(contentPages).limit(1);
  if (existing.length) return;
  await db.transaction(async (tx) => {
    await tx.insert(contentPages).values(demoContent.pages);
  });
}
