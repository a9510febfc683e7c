import { count, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import { contentPages, faqItems, newsItems, partners, settings } from './schema.ts';
import { demoContent } from './demo-content.ts';
import { seedExchange } from './demo-exchange.ts';
import { demoPromocodes } from './demo-promocodes.ts';
import { promocodes } from './schema-promocodes.ts';

async function isEmpty(tx: Tx, table: PgTable, column: AnyColumn): Promise<boolean> {
  const [row] = await tx.select({ n: count(column) }).from(table);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo content for an empty database (DEMO_DATA), in one transaction. Idempotent: a table that has rows is left alone
 * (an operator's own pages are never overwritten), and a setting that exists keeps its value.
 */
export async function seedDemoData(db: Db) {
  await db.transaction(async (tx) => {
    if (await isEmpty(tx, contentPages, contentPages.slug)) await tx.insert(contentPages).values(demoContent.pages);
    if (await isEmpty(tx, faqItems, faqItems.id)) await tx.insert(faqItems).values(demoContent.faq);
    if (await isEmpty(tx, newsItems, newsItems.id)) await tx.insert(newsItems).values(demoContent.news);
    if (await isEmpty(tx, partners, partners.id)) await tx.insert(partners).values(demoContent.partners);
    await tx.insert(settings).values(demoContent.settings).onConflictDoNothing({ target: settings.key });
    await seedExchange(tx);
    if (await isEmpty(tx, promocodes, promocodes.id)) await tx.insert(promocodes).values(demoPromocodes);
  });
}
