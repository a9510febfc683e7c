import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../shared/locales.ts';
import type { LocaleCatalogue, resources } from './resources.ts';

/**
 * A synchronous i18next instance for one locale: one per language for the life of the server process (made once,
 * app/i18n/server-i18n.ts), one per page on the client.
 * It takes that locale's catalogue only, so the browser never downloads the other language.
 */
export function createI18n(locale: Locale, catalogue: Partial<(typeof resources)[Locale]>): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: catalogue },
    ns: Object.keys(catalogue),
    defaultNS: 'frame',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'frame';
    resources: LocaleCatalogue;
  }
}
