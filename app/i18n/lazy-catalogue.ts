import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/locales.ts';
import { useLocale } from '../lib/locale.ts';

/** Namespaces in both languages, shipped inside the chunk of the pages that use them. */
export type LazyCatalogue = Record<Locale, Record<string, object>>;

/**
 * Adds namespaces the page started without (its route chunk imports them), synchronously, before anything below
 * renders. Why not all namespaces at start: the home page's script budget (150 KiB gzip, README) — the account, claim,
 * content, news and console strings are ~6 KiB gzip that the home page never uses. Why synchronously: a route's module
 * is loaded before the route renders, both on the first load (modulepreloaded, before hydration) and on a client
 * navigation, so the strings are there for the first render and hydration matches the server's HTML, with no
 * loading state. Call it at the top of the route component (or layout) whose subtree uses the namespaces.
 */
export function useLazyCatalogue(...catalogues: LazyCatalogue[]) {
  const locale = useLocale();
  const { i18n } = useTranslation();
  for (const catalogue of catalogues) {
    for (const [ns, strings] of Object.entries(catalogue[locale])) {
      if (!i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, strings);
    }
  }
}
