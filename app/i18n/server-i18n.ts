import type { i18n } from 'i18next';
import type { Locale } from '../../shared/locales.ts';
import { createI18n } from './i18n.ts';
import { resources } from './resources.ts';

/**
 * The server's i18next: one instance per language, made on first use and kept for the life of the process
 * (docs/decisions/0027). Each is created for its language with every namespace of it and is never switched: nothing
 * calls changeLanguage on the server, and `useLazyCatalogue` finds every namespace present, so it adds none. A t()
 * from the `en` instance can therefore only answer in English, however ru and en renders interleave.
 */
const byLocale = new Map<Locale, i18n>();

export function serverI18n(locale: Locale): i18n {
  let found = byLocale.get(locale);
  if (!found) {
    found = languageView(createI18n(locale, resources[locale]));
    byLocale.set(locale, found);
  }
  return found;
}

/**
 * What the renders get: a view over the instance, with two costs of the profile taken out.
 * - It has almost no own properties: react-i18next copies every own property of the instance it is given for each
 *   useTranslation() call of each component (its `createI18nWrapper`); reads and calls reach the instance through the
 *   prototype.
 * - Its fixed t() functions are made once per namespace and remember what a plain `t('key')` (no options) answered:
 *   i18next spreads its whole options object and walks its resolvers on every call, and the strings of a process
 *   never change (see above). A call with options (interpolation, plurals) still goes through i18next every time.
 */
function languageView(instance: i18n): i18n {
  const view = Object.create(instance) as i18n;
  // i18next's overloads do not survive being wrapped; the arguments are passed on exactly as given.
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  const fixed = new Map<string, FixedT>();
  const viewGetFixedT = (...args: unknown[]) => {
    const [lng, ns, keyPrefix, options] = args;
    const key = JSON.stringify([lng, ns, keyPrefix, (options as { scopeNs?: unknown } | undefined)?.scopeNs]);
    let t = fixed.get(key);
    if (!t) {
      t = remembering(getFixedT(...args));
      fixed.set(key, t);
    }
    return t;
  };
  view.getFixedT = viewGetFixedT as unknown as i18n['getFixedT'];
  return view;
}

type FixedT = ((...args: unknown[]) => unknown) & { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };

/** At most this many strings per fixed t(): keys come from the code, a bound only guards against a runaway one. */
const rememberedLimit = 5000;

function remembering(inner: FixedT): FixedT {
  const strings = new Map<string, unknown>();
  const t = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return inner(key, ...rest);
    if (strings.has(key)) return strings.get(key);
    const text = inner(key);
    if (strings.size < rememberedLimit) strings.set(key, text);
    return text;
  };
  // The fields i18next and react-i18next read back from a fixed t().
  return Object.assign(t, { lng: inner.lng, lngs: inner.lngs, ns: inner.ns, keyPrefix: inner.keyPrefix });
}
