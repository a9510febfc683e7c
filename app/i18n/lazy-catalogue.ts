import type { Locale } from '../../shared/locales.ts';
import { useLocale } from '../lib/locale.ts';
import { useCatalogueStore } from './use-translation.ts';

/** Namespaces in both languages, shipped inside the chunk of the pages that use them. */
export type LazyCatalogue = Record<Locale, Record<string, object>>;

/**
 * Adds namespaces the page started without (its route chunk imports them), synchronously, before anything below
 * renders. Why not all namespaces at start: the first-load script budget (docs/decisions/0028) — the account,
 * content, news and console strings are KiBs of gzip that the home page never uses. The namespaces of the pages that
 * count most (home, claim, auth) come in the page's locale only instead (locale-strings.ts). Why synchronously: a route's module
 * is loaded before the route renders, both on the first load (modulepreloaded, before hydration) and on a client
 * navigation, so the strings are there for the first render and hydration matches the server's HTML, with no
 * loading state. Call it at the top of the route component (or layout) whose subtree uses the namespaces.
 */
export function useLazyCatalogue(...catalogues: LazyCatalogue[]) {
  const locale = useLocale();
  const store = useCatalogueStore();
  for (const catalogue of catalogues) {
    for (const [ns, strings] of Object.entries(catalogue[locale])) {
      if (!store.hasResourceBundle(locale, ns)) store.addResourceBundle(locale, ns, strings);
    }
  }
}
