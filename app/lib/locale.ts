import { useLocation } from 'react-router';
import { localeFromPath, stripLocale, type Locale } from '../../shared/locales.ts';
import { href } from '../../shared/paths.ts';

/** The page's locale, from the path (docs/i18n.md). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** `to(paths.rules)` -> the address in the current locale. */
export function useLocalizedHref() {
  const locale = useLocale();
  return (path: string) => href(locale, path);
}

/** The current path without the locale prefix ('/en/rules' -> '/rules'). */
export function useBarePath(): string {
  return stripLocale(useLocation().pathname);
}
