import type { Locale } from '../../../shared/locales.ts';
import { localesWithNews } from '../../../shared/navigation.ts';
import { paths } from '../../../shared/paths.ts';
import { newsPageSize } from '../../../shared/schemas/content.ts';
import { absoluteUrl, alternates, indexedNewsPages, indexedPages } from '../../../shared/seo.ts';
import type { SitemapDates } from '../content/service.ts';

/** Paths no crawler has business in: private areas (in both locales) and the API. */
const disallowed = [paths.admin, paths.account, '/claim'].flatMap((p) => [p, `/en${p}`]);
const apiPrefixes = ['/api/', '/en/api/', '/front-api/', '/en/front-api/'];

interface Entry {
  path: string;
  locales: readonly Locale[];
  lastmod: string | undefined;
}

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A content page's row is its path with '/' as '-': '/partners/users' -> 'partners-users' (server/db/demo-content.ts). */
const contentSlug = (path: string) => path.slice(1).replaceAll('/', '-');

function entries(dates: SitemapDates): Entry[] {
  const list: Entry[] = indexedPages.map((path) => ({
    path,
    locales: ['ru', 'en'],
    lastmod: dates.pages.get(contentSlug(path)),
  }));
  for (const locale of localesWithNews) {
    const news = dates.news.filter((n) => n.locale === locale);
    // Newest first: the first item of a kind dates its archive; the first of all, the news page.
    const newest = (kind?: 'news' | 'update') => news.find((n) => !kind || n.kind === kind)?.publishedAt;
    const [list_, archiveNews, archiveUpdates] = indexedNewsPages;
    const own = [locale];
    // An archive's page 2 and later are pages of their own (their canonical keeps `?page=N`, shared/seo.ts), so they
    // are listed too; a newer item moves every page's items along, so each is dated by its kind's newest item.
    const archive = (path: string, kind: 'news' | 'update'): Entry[] => {
      const pages = Math.max(1, Math.ceil(news.filter((n) => n.kind === kind).length / newsPageSize));
      return Array.from({ length: pages }, (_, i) => ({
        path: i === 0 ? path : `${path}?page=${i + 1}`,
        locales: own,
        lastmod: newest(kind),
      }));
    };
    list.push(
      { path: list_!, locales: own, lastmod: newest() },
      ...archive(archiveNews!, 'news'),
      ...archive(archiveUpdates!, 'update'),
      ...news.map((n) => ({ path: paths.newsArticle(n.slug), locales: own, lastmod: n.publishedAt })),
    );
  }
  return list;
}

/**
 * robots.txt and sitemap.xml (docs/product/seo.md). The sitemap lists every indexed page (shared/seo.ts) in each
 * locale it exists in, with its hreflang alternates and the content's own dates. It is built from the content memo's
 * dates and kept until they change: the memo hands back the same object until the console's change (or its max
 * age) drops it, so a crawler's requests cost one comparison.
 */
export function seoService(opts: { publicUrl: string; dates: () => Promise<SitemapDates> }) {
  const { publicUrl } = opts;
  let built: { dates: SitemapDates; xml: string } | null = null;

  function render(dates: SitemapDates): string {
    const urls = entries(dates).flatMap((entry) =>
      entry.locales.map((locale) => {
        const links = alternates(publicUrl, entry.path, entry.locales)
          .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xmlEscape(a.href)}"/>`)
          .join('');
        const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
        return `<url><loc>${xmlEscape(absoluteUrl(publicUrl, locale, entry.path))}</loc>${lastmod}${links}</url>`;
      }),
    );
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
      urls.join('\n') +
      '\n</urlset>\n'
    );
  }

  return {
    robots(): string {
      return [
        'User-agent: *',
        ...[...disallowed, ...apiPrefixes].map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    async sitemap(): Promise<string> {
      const dates = await opts.dates();
      if (built?.dates !== dates) built = { dates, xml: render(dates) };
      return built.xml;
    },
  };
}
