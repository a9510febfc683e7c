import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.ts';
import type { NewsKind, PartnerKind } from '../../../shared/schemas/content.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  contentPages,
  faqItems,
  monitoringRegistrations,
  newsItems,
  partnerBanners,
  partners,
} from '../../db/schema.ts';
import { settingsRepository } from '../../db/settings-repository.ts';

export type NewMonitoringRegistration = typeof monitoringRegistrations.$inferInsert;

export function contentRepository(db: Db) {
  const newsWhere = (locale: Locale, kind: NewsKind | undefined): SQL | undefined =>
    kind ? and(eq(newsItems.locale, locale), eq(newsItems.kind, kind)) : eq(newsItems.locale, locale);

  return {
    ...settingsRepository(db),
    async getPage(slug: string, tx: Tx = db) {
      const [row] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug));
      return row ?? null;
    },

    /** Every page's last change: the sitemap's lastmod. */
    async listPageDates(tx: Tx = db) {
      return tx.select({ slug: contentPages.slug, updatedAt: contentPages.updatedAt }).from(contentPages);
    },

    /** Every news item of `locale`, newest first, as the sitemap lists them. */
    async listNewsDates(locale: Locale, tx: Tx = db) {
      return tx
        .select({ slug: newsItems.slug, kind: newsItems.kind, publishedAt: newsItems.publishedAt })
        .from(newsItems)
        .where(eq(newsItems.locale, locale))
        .orderBy(desc(newsItems.publishedAt), desc(newsItems.id));
    },

    async listFaq(tx: Tx = db) {
      return tx.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id));
    },

    async countNews(locale: Locale, kind: NewsKind | undefined, tx: Tx = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(newsItems).where(newsWhere(locale, kind));
      return row?.n ?? 0;
    },

    /** Newest first; the id breaks ties so pages never repeat or skip a row. */
    async listNews(locale: Locale, kind: NewsKind | undefined, range: { limit: number; offset: number }, tx: Tx = db) {
      return tx
        .select({
          slug: newsItems.slug,
          kind: newsItems.kind,
          title: newsItems.title,
          summary: newsItems.summary,
          publishedAt: newsItems.publishedAt,
        })
        .from(newsItems)
        .where(newsWhere(locale, kind))
        .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
        .limit(range.limit)
        .offset(range.offset);
    },

    async getNews(locale: Locale, slug: string, tx: Tx = db) {
      const [row] = await tx
        .select()
        .from(newsItems)
        .where(and(eq(newsItems.locale, locale), eq(newsItems.slug, slug)));
      return row ?? null;
    },

    async listPartners(kind: PartnerKind | undefined, tx: Tx = db) {
      return tx
        .select()
        .from(partners)
        .where(kind ? eq(partners.kind, kind) : undefined)
        .orderBy(asc(partners.kind), asc(partners.position), asc(partners.id));
    },

    /** The monitors in their order, with their banner's version (null without one): the footer and review links. */
    async monitors(tx: Tx = db) {
      return monitorsWithBanners(tx).orderBy(asc(partners.position), asc(partners.id));
    },

    /** A monitor's banner bytes and type. */
    async banner(partnerId: number, tx: Tx = db) {
      const [row] = await tx.select().from(partnerBanners).where(eq(partnerBanners.partnerId, partnerId));
      return row ?? null;
    },

    /** Fails with PostgreSQL's unique violation (23505) when the site already applied. */
    async insertMonitoringRegistration(values: NewMonitoringRegistration, tx: Tx = db) {
      const [row] = await tx.insert(monitoringRegistrations).values(values).returning();
      return row!;
    },
  };
}
export type ContentRepository = ReturnType<typeof contentRepository>;

/**
 * The monitors (partners of kind 'monitoring') with their banner's version, null without one: what the footer shows
 * and what the console lists. Narrow it further (`.where`) or order it.
 */
export function monitorsWithBanners(tx: Tx, where?: SQL) {
  return tx
    .select({
      id: partners.id,
      name: partners.name,
      url: partners.url,
      reviewUrl: partners.reviewUrl,
      bannerHash: partnerBanners.hash,
    })
    .from(partners)
    .leftJoin(partnerBanners, eq(partnerBanners.partnerId, partners.id))
    .where(where ? and(eq(partners.kind, 'monitoring'), where) : eq(partners.kind, 'monitoring'))
    .$dynamic();
}
