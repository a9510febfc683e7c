import { useContext, useMemo } from 'react';
import type { i18n, Namespace, TFunction } from 'i18next';
import { I18nContext } from 'react-i18next';

/**
 * What the pages read of an i18n instance: the language and the catalogue's strings. On the server it is the request's
 * i18next instance (app/entry.server.tsx, tests/helpers/render-at.tsx); in the browser the small store of
 * catalogue-store.ts, which keeps i18next and react-i18next's hooks out of the first load (docs/decisions/0028).
 */
export type CatalogueStore = Pick<i18n, 'language' | 'getResource' | 'hasResourceBundle' | 'addResourceBundle'>;

/** The store the pages translate with: the one context both react-i18next's provider and the browser's fill. */
export function useCatalogueStore(): CatalogueStore {
  return useContext(I18nContext).i18n;
}

const variable = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The catalogue's string at `key` (dotted) in `ns`, its `{{name}}` variables filled in, as i18next with this app's
 * options does it: no escaping (React escapes), a variable not passed left as written (`{{name}}`), one passed as
 * null or undefined left empty, a missing key answered as itself. A `count` that is not a string picks the plural form
 * of the language, as i18next does: `key_zero` for 0 if there is one, then `key_one`/`key_few`/`key_many`/`key_other`
 * by `Intl.PluralRules` (Russian needs "1 раз, 3 раза, 5 раз"), then the key itself. The catalogues use nothing else
 * of i18next (no nesting or formatters; app/i18n/resources.test.ts).
 */
export function translate(store: CatalogueStore, ns: string, key: string, vars?: Record<string, unknown>): string {
  const value = lookup(store, ns, key, vars?.count);
  if (typeof value !== 'string') return key;
  if (!vars) return value;
  return value.replace(variable, (match, name: string) =>
    name in vars ? (vars[name] == null ? '' : String(vars[name])) : match,
  );
}

/** One `Intl.PluralRules` per language, as i18next keeps them: making one is not free and the languages are two. */
const pluralRules = new Map<string, Intl.PluralRules>();

function lookup(store: CatalogueStore, ns: string, key: string, count: unknown): unknown {
  if (count !== undefined && typeof count !== 'string') {
    let rules = pluralRules.get(store.language);
    if (!rules) {
      rules = new Intl.PluralRules(store.language);
      pluralRules.set(store.language, rules);
    }
    const forms = [`${key}_${rules.select(Number(count))}`];
    if (count === 0) forms.unshift(`${key}_zero`);
    for (const form of forms) {
      const text: unknown = store.getResource(store.language, ns, form);
      if (typeof text === 'string') return text;
    }
  }
  return store.getResource(store.language, ns, key);
}

/**
 * `const { t } = useTranslation('claim')`, as react-i18next's hook with the same typed keys (i18next's `TFunction`), in
 * ~20 lines instead of ~16 KiB gzip of i18next and react-i18next in every page's first load. `t` is stable for a
 * namespace, like react-i18next's.
 */
export function useTranslation<Ns extends Namespace = 'frame'>(ns?: Ns): { t: TFunction<Ns>; i18n: CatalogueStore } {
  const store = useCatalogueStore();
  const name = (ns ?? 'frame') as string;
  const t = useMemo(
    () =>
      ((key: string, vars?: Record<string, unknown>) => translate(store, name, key, vars)) as unknown as TFunction<Ns>,
    [store, name],
  );
  return { t, i18n: store };
}
