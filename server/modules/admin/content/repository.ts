import { and, asc, count, desc, eq, max, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { contentPages, monitoringRegistrations, newsItems, partners } from '../../../db/schema.ts';
import { settingsRepository } from '../../../db/settings-repository.ts';

export type NewsRow = typeof newsItems.$inferSelect;
export type MonitoringStatus = 'new' | 'accepted' | 'rejected';
export type RegistrationRow = typeof monitoringRegistrations.$inferSelect;
export type NewsQuery = {
  page: number;
  size: number;
  locale?: 'ru' | 'en' | undefined;
  kind?: 'news' | 'update' | undefined;
};

export function adminContentRepository(db: Db) {
  return {
    ...settingsRepository(db),
    async news(q: NewsQuery) {
      const where: SQL | undefined = and(
        q.locale ? eq(newsItems.locale, q.locale) : undefined,
        q.kind ? eq(newsItems.kind, q.kind) : undefined,
      );
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

    async monitoring(q: { page: number; size: number; status?: MonitoringStatus | undefined }) {
      const where = q.status ? eq(monitoringRegistrations.status, q.status) : undefined;
      const [total] = await db.select({ n: count() }).from(monitoringRegistrations).where(where);
      const rows = await db
        .select()
        .from(monitoringRegistrations)
        .where(where)
        .orderBy(desc(monitoringRegistrations.createdAt), desc(monitoringRegistrations.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { count: total?.n ?? 0, rows };
    },

    async registration(id: number, tx: Tx = db) {
      const [row] = await tx.select().from(monitoringRegistrations).where(eq(monitoringRegistrations.id, id));
      return row ?? null;
    },

    /** Decides a request still new: null when it is not (gone, or another operator decided first). */
    async decide(id: number, status: 'accepted' | 'rejected', tx: Tx) {
      const [row] = await tx
        .update(monitoringRegistrations)
        .set({ status, decidedAt: new Date() })
        .where(and(eq(monitoringRegistrations.id, id), eq(monitoringRegistrations.status, 'new')))
        .returning();
      return row ?? null;
    },

    /** Lists an accepted monitor on /partners, last in order; an empty description shows none. */
    async addMonitorPartner(values: { name: string; url: string }, tx: Tx) {
      const [last] = await tx
        .select({ position: max(partners.position) })
        .from(partners)
        .where(eq(partners.kind, 'monitoring'));
      const [row] = await tx
        .insert(partners)
        .values({
          kind: 'monitoring',
          name: values.name,
          url: values.url,
          description: { ru: '', en: '' },
          position: (last?.position ?? 0) + 1,
        })
        .returning();
      return row!;
    },
  };
}
export type AdminContentRepository = ReturnType<typeof adminContentRepository>;
