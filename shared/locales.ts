/** The locales (docs/i18n.md): ru is the default (no path prefix), en lives under /en. */
export const locales = ['ru', 'en'] as const;
export type Locale = (typeof locales)[number];
const defaultLocale: Locale = 'ru';
export const htmlLang: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };

/** Cookie that remembers the chosen locale (docs/i18n.md): plain value, 365 days, SameSite=Lax. */
export const localeCookie = { name: 'i18n_redirected', maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'ru';
}

/** The path without its locale prefix: '/en/rules' -> '/rules', '/en' -> '/'. */
export function stripLocale(pathname: string): string {
  if (pathname === '/en') return '/';
  if (pathname.startsWith('/en/')) return pathname.slice(3);
  return pathname;
}

/** The path of `pathname` (unprefixed) in `locale`. */
export function localizePath(pathname: string, locale: Locale): string {
  if (locale === defaultLocale) return pathname;
  return pathname === '/' ? '/en' : `/en${pathname}`;
}
