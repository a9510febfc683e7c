import { use } from 'react';
import { localeFromPath, type Locale } from '../../shared/locales.ts';
import { useLocale } from '../lib/locale.ts';
import { useCatalogueStore } from './use-translation.ts';

type Strings = Record<string, unknown>;

/** One namespace, each language its own module (so its own chunk): a page downloads only its locale's strings. */
export type LocaleStrings = { ns: string; load: Record<Locale, () => Promise<Strings>> };

const loading = new Map<string, Promise<Strings>>();
const loaded = new Map<string, Strings>();

function start({ ns, load }: LocaleStrings, locale: Locale): Promise<Strings> {
  let promise = loading.get(ns);
  if (!promise) {
    promise = load[locale]().then((strings) => {
      loaded.set(ns, strings);
      return strings;
    });
    loading.set(ns, promise);
  }
  return promise;
}

/** Declares a namespace whose languages are separate modules; nothing loads until `preloadStrings`. */
export function localeStrings(ns: string, load: LocaleStrings['load']): LocaleStrings {
  return { ns, load };
}

/**
 * Starts loading the page's locale of the namespaces, in the browser (the server has every namespace already,
 * server-i18n.ts). Called at the top level of a module whose components use them, so the load starts as that module is
 * evaluated. On a first load a route's modules are evaluated before entry.client runs (React Router imports the matched
 * routes' modules first), so the strings travel beside the locale's shared catalogue, and entry.client waits for both
 * before hydrating (`stringsLoading`): no request in front of hydration that was not there already. On a navigation
 * they load as soon as the route's chunk arrives, beside its data; before a lazy component, beside its chunk. Both
 * languages in the chunks would be ~2.4 KiB gzip more on a claim page (docs/decisions/0028).
 */
export function preloadStrings(...namespaces: LocaleStrings[]): Promise<unknown> {
  if (import.meta.env.SSR || typeof window === 'undefined') return Promise.resolve();
  const locale = localeFromPath(window.location.pathname);
  return Promise.all(namespaces.map((strings) => start(strings, locale)));
}

/** What entry.client waits for before hydrating: the namespaces the first page's route modules started loading. */
export function stringsLoading(): Promise<Strings[]> {
  return Promise.all(loading.values());
}

/**
 * Adds the namespaces to the store before anything below renders. They are normally there already (see
 * `preloadStrings`); if one is still on its way the render suspends until it arrives (a navigation is a transition, so
 * the previous page stays; a hydration keeps the server's HTML; a lazy component shows its fallback), never rendering
 * a key instead of its text. Call it at the top of every component (or hook) that translates with the namespaces.
 */
export function useLocaleStrings(...namespaces: LocaleStrings[]) {
  const locale = useLocale();
  const store = useCatalogueStore();
  for (const strings of namespaces) {
    if (store.hasResourceBundle(locale, strings.ns)) continue;
    store.addResourceBundle(locale, strings.ns, loaded.get(strings.ns) ?? use(start(strings, locale)));
  }
}
