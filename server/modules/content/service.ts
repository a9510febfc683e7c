import type { Locale } from '../../../shared/locales.ts';
import {
  monitoringSiteKey,
  type Contest,
  type ContentPage,
  type FaqItem,
  type MonitoringRegistrationInput,
  type NewsArticle,
  type NewsItem,
  type NewsKind,
  type FooterMonitor,
  type Partner,
  type PartnerKind,
} from '../../../shared/schemas/content.ts';
import { paths } from '../../../shared/paths.ts';
import { fieldIssue } from '../../../shared/field-issues.ts';
import { localesWithNews } from '../../../shared/navigation.ts';
import type { ContestSetting, LocalizedText } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../errors.ts';
import { renderMarkdown, type Placeholders } from './markdown.ts';
import type { ContentRepository } from './repository.ts';
import { localBus, type InvalidationBus } from '../calculator/cache.ts';

export interface ContentServiceOptions {
  /** How long a read stays in the memo (ms); 0 turns it off. */
  cacheMaxAgeMs?: number;
  /**
   * Filled into `{{supportEmail}}` of stored texts, so the pages and the footer name the same address: a function,
   * as the admin may change it (the change calls `invalidate()`).
   */
  supportEmail: string | (() => string);
  /**
   * Tells the other processes to drop their memo when this one changes content (Redis pub/sub with REDIS_URL), and
   * drops this one's on their word. Without it each process catches up within `cacheMaxAgeMs`.
   */
  bus?: InvalidationBus;
}

export interface SitemapDates {
  /** Content page slug -> its `updated_at` (ISO). */
  pages: ReadonlyMap<string, string>;
  /** News items of the locales that show news, newest first. */
  news: readonly { locale: Locale; slug: string; kind: NewsKind; publishedAt: string }[];
}

/** ru is the source; an en text not written yet falls back to it rather than showing nothing. */
function pick(text: LocalizedText, locale: Locale): string {
  return text[locale] || text.ru;
}

const noContest: Contest = { status: 'inactive', title: '', startsAt: null, endsAt: null, prizes: [] };

/**
 * Read-through memo for what every page render reads (contest for the header, pages, FAQ): content changes rarely and
 * only through the operator, while per-request PGlite reads were ~40% of SSR time. Only found values are kept (probes
 * of unknown slugs cannot fill it), at most `limit` keys, each for `maxAgeMs`; `invalidate()` drops everything on a
 * change. The database stays the only source: this is a copy that expires.
 */
function memo(maxAgeMs: number, limit = 500) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < maxAgeMs) return hit.value as Promise<T>;
      const value = load();
      value.then(
        (v) => {
          if (v === null) return entries.delete(key);
          if (entries.size >= limit) entries.clear();
          entries.set(key, { at: Date.now(), value });
        },
        () => entries.delete(key),
      );
      return value;
    },
    clear: () => entries.clear(),
  };
}

export function contentService(repo: ContentRepository, opts: ContentServiceOptions) {
  const cache = memo(opts.cacheMaxAgeMs ?? 30_000);
  const bus = opts.bus ?? localBus;
  const listeners: (() => void)[] = [];
  const drop = () => {
    cache.clear();
    for (const listener of listeners) listener();
  };
  bus.subscribe(drop);
  const supportEmail = typeof opts.supportEmail === 'function' ? opts.supportEmail : () => opts.supportEmail as string;
  const html = (markdown: string) => {
    const placeholders: Placeholders = { supportEmail: supportEmail() };
    return renderMarkdown(markdown, placeholders);
  };

  /** Contest settings the header loads (docs/product/site.md): the banner shows while `status` is 'active'. */
  function contest(locale: Locale): Promise<Contest> {
    return cache.get(`contest:${locale}`, () => loadContest(locale));
  }
  async function loadContest(locale: Locale): Promise<Contest> {
    const value = await repo.getSetting<Partial<ContestSetting>>('contest');
    if (!value) return noContest;
    return {
      status: value.status === 'active' ? 'active' : 'inactive',
      title: value.title ? pick(value.title, locale) : '',
      startsAt: value.startsAt ?? null,
      endsAt: value.endsAt ?? null,
      prizes: (value.prizes ?? []).map((p) => pick(p, locale)),
    };
  }

  async function loadPage(slug: string, locale: Locale): Promise<ContentPage | null> {
    const row = await repo.getPage(slug);
    if (!row) return null;
    return {
      slug: row.slug,
      title: pick(row.title, locale),
      description: pick(row.description, locale),
      html: html(pick(row.body, locale)),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function loadSitemapDates(): Promise<SitemapDates> {
    const [pages, news] = await Promise.all([
      repo.listPageDates(),
      Promise.all(localesWithNews.map(async (locale) => ({ locale, rows: await repo.listNewsDates(locale) }))),
    ]);
    return {
      pages: new Map(pages.map((p) => [p.slug, p.updatedAt.toISOString()])),
      news: news.flatMap(({ locale, rows }) =>
        rows.map((r) => ({ locale, slug: r.slug, kind: r.kind, publishedAt: r.publishedAt.toISOString() })),
      ),
    };
  }

  async function loadFaq(locale: Locale): Promise<FaqItem[]> {
    const rows = await repo.listFaq();
    return rows.map((r) => ({ id: r.id, question: pick(r.question, locale), html: html(pick(r.answer, locale)) }));
  }

  return {
    contest,

    /** Drops the memo here and in every other process: call after changing pages, FAQ or settings (the console). */
    invalidate: () => {
      drop();
      bus.publish();
    },

    /**
     * Calls `listener` after every invalidation, this process's and (through the bus) the others': the site settings
     * reload on it, the page cache drops its pages (docs/decisions/0026-anonymous-page-cache.md).
     */
    onInvalidate: (listener: () => void) => {
      listeners.push(listener);
    },

    close: () => bus.close(),

    /** GET /api/v1/calculator/settings/ without a pair: the site-wide settings the header needs. */
    async settings(locale: Locale) {
      return { contest: await contest(locale) };
    },

    page(slug: string, locale: Locale): Promise<ContentPage | null> {
      return cache.get(`page:${slug}:${locale}`, () => loadPage(slug, locale));
    },

    /**
     * The dates the sitemap needs: each content page's last change and every shown news item. Kept in the memo, so
     * the console's change (`invalidate()`) drops it like the pages themselves, and the same object comes back until
     * then (the sitemap keeps its XML for as long).
     */
    sitemapDates(): Promise<SitemapDates> {
      return cache.get('sitemap', loadSitemapDates);
    },

    faq(locale: Locale): Promise<FaqItem[]> {
      return cache.get(`faq:${locale}`, () => loadFaq(locale));
    },
    /**
     * One page of news of `locale`, newest first. `page` past the last one is null (the API answers 404 'Invalid
     * page.' as DRF does); page 1 of an empty list is an empty page.
     */
    async news(
      locale: Locale,
      query: { kind?: NewsKind | undefined; page: number; size: number },
    ): Promise<{ count: number; pages: number; results: NewsItem[] } | null> {
      // Through the memo like the pages: the news pages' renders make no query (docs/decisions/0027).
      return cache.get(`news:${locale}:${query.kind ?? ''}:${query.page}:${query.size}`, async () => {
        const total = await repo.countNews(locale, query.kind);
        const pages = Math.max(1, Math.ceil(total / query.size));
        if (query.page > pages) return null;
        const rows = await repo.listNews(locale, query.kind, {
          limit: query.size,
          offset: (query.page - 1) * query.size,
        });
        return { count: total, pages, results: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })) };
      });
    },

    article(locale: Locale, slug: string): Promise<NewsArticle | null> {
      return cache.get(`article:${locale}:${slug}`, async () => {
        const row = await repo.getNews(locale, slug);
        if (!row) return null;
        return {
          slug: row.slug,
          kind: row.kind,
          title: row.title,
          summary: row.summary,
          publishedAt: row.publishedAt.toISOString(),
          html: html(row.body),
        };
      });
    },

    /**
     * The monitors the footer shows (their banner on our origin, or null for the name) and whose review page a
     * completed claim links to: read on every page, so through the memo.
     */
    monitors(): Promise<FooterMonitor[]> {
      return cache.get('monitors', async () =>
        (await repo.monitors()).map((m) => ({
          id: m.id,
          name: m.name,
          url: m.url,
          reviewUrl: m.reviewUrl,
          banner: m.bannerHash ? paths.monitorBanner(m.id, m.bannerHash) : null,
        })),
      );
    },

    /** A banner's bytes when `hash` is its current version (an old address answers 404, never other bytes). */
    async banner(partnerId: number, hash: string) {
      const row = await repo.banner(partnerId);
      return row && row.hash === hash ? { contentType: row.contentType, data: row.data } : null;
    },

    async partners(locale: Locale, kind?: PartnerKind): Promise<Partner[]> {
      const rows = await repo.listPartners(kind);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        name: r.name,
        url: r.url,
        description: pick(r.description, locale),
      }));
    },

    /**
     * Stores a monitoring site's request. A second request for the same site fails on the unique index, also when
     * two arrive at once, and answers as a field error on `url` that the form shows under the field.
     */
    async registerMonitoring(input: MonitoringRegistrationInput, locale: Locale) {
      try {
        const row = await repo.insertMonitoringRegistration({
          name: input.name,
          url: input.url,
          siteKey: monitoringSiteKey(input.url),
          email: input.email,
          comment: input.comment,
          locale,
        });
        return {
          id: row.id,
          name: row.name,
          url: row.url,
          email: row.email,
          comment: row.comment,
          createdAt: row.createdAt.toISOString(),
        };
      } catch (e) {
        if (isUniqueViolation(e, 'monitoring_registrations_site_key')) {
          throw new AppError('duplicate_monitoring', {
            fields: { url: [fieldIssue('duplicate_monitoring')] },
            cause: e,
          });
        }
        throw e;
      }
    },
  };
}
