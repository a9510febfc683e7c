import type { Locale } from '../../shared/locales.ts';
import { adminCatalogue } from './catalogue-admin.ts';
import { en } from './catalogue-en.ts';
import { ru } from './catalogue-ru.ts';

/**
 * Both catalogues by locale, one i18next namespace per area of the site (the server and tests use both). The browser
 * loads the public catalogue of its locale at start and the console's namespaces with the console (use-admin-i18n).
 */
export const resources = {
  ru: { ...ru, ...adminCatalogue.ru },
  en: { ...en, ...adminCatalogue.en },
} satisfies Record<Locale, Record<string, unknown>>;

export type LocaleCatalogue = (typeof resources)['ru'];
