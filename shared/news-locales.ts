import type { Locale } from './locales.ts';
import { localesWithNews } from './navigation.ts';
import { href, paths } from './paths.ts';

/**
 * News is published in Russian only (`localesWithNews`): the 'news' guard sends a visitor of a news page in another
 * language (the language switch on a Russian article, an old link) to that language's home page, with `?from=news`,
 * and the home page says why instead of leaving them to wonder where the page went (docs/i18n.md).
 */
export function homeWithoutNews(locale: Locale): string {
  return `${href(locale, paths.home)}?from=news`;
}

/** Whether the page at `search` is the home page the 'news' guard sent a visitor of `locale` to. */
export function sentFromNews(locale: Locale, search: string): boolean {
  return !localesWithNews.includes(locale) && new URLSearchParams(search).get('from') === 'news';
}
