import { locales, localizePath, type Locale } from './locales.ts';
import { localesWithNews } from './navigation.ts';
import { paths } from './paths.ts';

/**
 * What search engines may list (docs/product/seo.md): the pages' head tags (app/components/frame/seo-head.tsx) and
 * the sitemap (server/modules/seo/) both read this, so a page is in the sitemap exactly when its head lets it be
 * indexed.
 */

/** Public pages that exist in every locale. */
export const indexedPages: readonly string[] = [
  paths.home,
  paths.rules,
  paths.aml,
  paths.faq,
  paths.contacts,
  paths.partners,
  paths.partnersUsers,
  paths.partnersMonitoring,
  paths.concurs,
  paths.sales,
];

/** The news section's own pages; they exist only where the site shows news (`localesWithNews`). */
export const indexedNewsPages: readonly string[] = [paths.news, paths.newsArchiveNews, paths.newsArchiveUpdates];

/** The share picture (public/og-image.png) and its size, which Open Graph readers want up front. */
export const ogImage = { path: '/og-image.png', width: 1200, height: 630 } as const;
export const ogLocale: Record<Locale, string> = { ru: 'ru_RU', en: 'en_US' };

/** `/rules/` and `/rules` are one page: the canonical form has no trailing slash (the home page is `/`). */
function normalizePath(barePath: string): string {
  return barePath.length > 1 ? barePath.replace(/\/+$/, '') || '/' : barePath;
}

const newsArticle = /^\/news\/(?!archive$)[^/]+$/;

/**
 * How a page (its path without the locale prefix) may be indexed: `locales` lists the languages it exists in (its
 * hreflang alternates), or it stays out of search engines. Anything not named here (login, account, console, claim,
 * activation links, unknown paths) is noindex.
 */
export function pageIndexing(barePath: string): { locales: readonly Locale[] } | { robots: string } {
  const path = normalizePath(barePath);
  if (indexedPages.includes(path)) return { locales };
  if (indexedNewsPages.includes(path) || newsArticle.test(path)) return { locales: localesWithNews };
  // A claim's address is its only secret: its links are not even followed.
  if (path === paths.claimSuccess || path === paths.claimFail || path.startsWith('/claim/')) {
    return { robots: 'noindex, nofollow' };
  }
  return { robots: 'noindex' };
}

const archives: readonly string[] = [paths.newsArchiveNews, paths.newsArchiveUpdates];

/**
 * The address a page is known by: the path without a trailing slash, plus the one query that makes a page of its own,
 * an archive's page number (`?page=2`). Any other query (a preselected pair, a tracking tag) is the same page.
 */
export function canonicalPath(barePath: string, search: string): string {
  const path = normalizePath(barePath);
  const page = Number(new URLSearchParams(search).get('page'));
  return archives.includes(path) && Number.isInteger(page) && page > 1 ? `${path}?page=${page}` : path;
}

/** The absolute address of a page in a locale, on the site's public origin (PUBLIC_URL, no trailing slash). */
export function absoluteUrl(publicUrl: string, locale: Locale, barePath: string): string {
  return `${publicUrl}${localizePath(normalizePath(barePath), locale)}`;
}

/**
 * The hreflang alternates of a page that exists in `pageLocales`: one per locale and `x-default`, the Russian page
 * (the site's default language), or the first locale the page has.
 */
export function alternates(
  publicUrl: string,
  barePath: string,
  pageLocales: readonly Locale[],
): { hreflang: string; href: string }[] {
  const list = pageLocales.map((l) => ({ hreflang: l, href: absoluteUrl(publicUrl, l, barePath) }));
  const fallback = list.find((a) => a.hreflang === 'ru') ?? list[0];
  return fallback ? [...list, { hreflang: 'x-default', href: fallback.href }] : list;
}
