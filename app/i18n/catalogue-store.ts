import type { Locale } from '../../shared/locales.ts';
import type { CatalogueStore } from './use-translation.ts';

type Strings = Record<string, unknown>;

/**
 * The browser's catalogue store: its locale's namespaces, added to by the pages that bring theirs
 * (lazy-catalogue.ts). The server translates with i18next (i18n.ts); the browser needs only lookups, so it does not
 * download i18next (docs/decisions/0028). `getResource` reads a dotted key as i18next's store does.
 */
export function createCatalogueStore(locale: Locale, catalogue: Record<string, Strings>): CatalogueStore {
  const bundles: Record<string, Strings> = { ...catalogue };
  const store = {
    language: locale,
    getResource(_lng: string, ns: string, key: string) {
      let at: unknown = bundles[ns];
      for (const part of key.split('.')) at = at && typeof at === 'object' ? (at as Strings)[part] : undefined;
      return at;
    },
    hasResourceBundle: (_lng: string, ns: string) => ns in bundles,
    addResourceBundle(_lng: string, ns: string, strings: Strings) {
      bundles[ns] = strings;
      return store;
    },
  };
  return store as unknown as CatalogueStore;
}
