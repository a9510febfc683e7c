import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { contentPages, monitoringRegistrations, newsItems, settings } from '../../../db/schema.ts';

export type NewsRow = typeof newsItems.$inferSelect;

export function adminContentRepository(db: Db) {
  return {
    async news(q: { page: number; size: number; locale?: 'ru' | 'en' | undefined }) {
      const where: SQL | undefined = q.locale ? eq(newsItems.locale, q.locale) : undefined;
      const [total] = await db.select({ n: count() }).from(newsItems).where(where);
      const rows = await db
        .select()
        .from(newsItems)
        .where(where)
        .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { count: total?.n ?? 0, rows };
    },

    async newsItem(id: number, tx: Tx = db) {
      const [row] = await tx.select().from(newsItems).where(eq(newsItems.id, id));
      return row ?? null;
    },

    /** Null when the slug is taken in that language (the unique index decides, so two racing creates cannot both win). */
    async insertNews(values: typeof newsItems.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(newsItems).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async slugTaken(locale: 'ru' | 'en', slug: string, exceptId: number, tx: Tx) {
      const [row] = await tx
        .select({ id: newsItems.id })
        .from(newsItems)
        .where(and(eq(newsItems.locale, locale), eq(newsItems.slug, slug)));
      return !!row && row.id !== exceptId;
    },

    async updateNews(id: number, values: Partial<typeof newsItems.$inferInsert>, tx: Tx) {
      const [row] = await tx.update(newsItems).set(values).where(eq(newsItems.id, id)).returning();
      return row ?? null;
    },

    async deleteNews(id: number, tx: Tx) {
      const [row] = await tx.delete(newsItems).where(eq(newsItems.id, id)).returning();
      return row ?? null;
    },

    pages: () => db.select().from(contentPages).orderBy(asc(contentPages.slug)),

    async page(slug: string, tx: Tx = db) {
      const [row] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug));
      return row ?? null;
    },

    async updatePage(
      slug: string,
      values: Pick<typeof contentPages.$inferInsert, 'title' | 'description' | 'body'>,
      tx: Tx,
    ) {
      const [row] = await tx
        .update(contentPages)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(contentPages.slug, slug))
        .returning();
      return row ?? null;
    },

    async getSetting<T>(key: string, tx: Tx = db): Promise<T | null> {
      const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return (row?.value as T | undefined) ?? null;
    },

    async putSetting(key: string, value: unknown, tx: Tx) {
      await tx
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },

    async monitoring(q: { page: number; size: number }) {
      const [total] = await db.select({ n: count() }).from(monitoringRegistrations);
      const rows = await db
        .select()
        .from(monitoringRegistrations)
        .orderBy(desc(monitoringRegistrations.createdAt), desc(monitoringRegistrations.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type AdminContentRepository = ReturnType<typeof adminContentRepository>;
