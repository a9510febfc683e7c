import type { Locale } from './locales.ts';
import { paths } from './paths.ts';

/** The header menu (docs/product/site.md), in order. `key` names the label in the `nav` catalogue. */
const menu = [
  { key: 'rules', path: paths.rules },
  { key: 'partners', path: paths.partners },
  { key: 'aml', path: paths.aml },
  { key: 'news', path: paths.news },
  { key: 'faq', path: paths.faq },
  { key: 'contacts', path: paths.contacts },
] as const;

/** In the English locale only routes on this list show in the menu, so News is hidden (docs/product/site.md). */
const englishAllowList: readonly string[] = [paths.rules, paths.partners, paths.aml, paths.faq, paths.contacts];

/** Locales that have a news section; the 'news' guard sends others to their home page. */
export const localesWithNews: readonly Locale[] = ['ru'];

export function menuFor(locale: Locale) {
  return locale === 'en' ? menu.filter((item) => englishAllowList.includes(item.path)) : [...menu];
}

/** The menu item a path belongs to: exact match or a sub-path ('/news/x' is News). */
export function isActive(itemPath: string, currentPath: string): boolean {
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
