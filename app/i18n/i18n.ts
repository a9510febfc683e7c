import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../shared/locales.ts';
import { namespaces, resources } from './resources.ts';

/** A synchronous i18next instance for one locale: one per request on the server, one per page on the client. */
export function createI18n(locale: Locale): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources,
    ns: namespaces,
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
    resources: (typeof resources)['ru'];
  }
}
