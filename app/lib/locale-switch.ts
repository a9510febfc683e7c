import { localeCookie, localizePath, stripLocale, type Locale } from '../../shared/locales.ts';

/** The same page in `target`, keeping the query string and fragment: ('/en/faq', '?a=1', 'ru') -> '/faq?a=1'. */
export function localeSwitchHref(pathname: string, search: string, target: Locale, hash = ''): string {
  return `${localizePath(stripLocale(pathname), target)}${search}${hash}`;
}

/**
 * The `i18n_redirected` cookie line for `locale`. Written by hand: a plain value, because React Router's
 * `createCookie` would base64-encode it and other readers of the cookie expect `ru`/`en` (docs/architecture.md).
 */
export function localeCookieLine(locale: Locale): string {
  return `${localeCookie.name}=${locale}; max-age=${localeCookie.maxAgeSeconds}; path=/; SameSite=Lax`;
}

export function rememberLocale(locale: Locale): void {
  document.cookie = localeCookieLine(locale);
}
