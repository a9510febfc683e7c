import type { Locale } from '../../shared/locales.ts';
import { accountCatalogue } from './catalogue-account.ts';
import { adminCatalogue } from './catalogue-admin.ts';
import { claimCatalogue } from './catalogue-claim.ts';
import { contentCatalogue } from './catalogue-content.ts';
import { en } from './catalogue-en.ts';
import { exchangeCatalogue } from './catalogue-exchange.ts';
import { newsCatalogue } from './catalogue-news.ts';
import { ru } from './catalogue-ru.ts';

/**
 * Every namespace by locale, one per area of the site: what the server renders with and the tests check. The browser
 * starts with the shared part of its locale (catalogue-ru/-en) and adds the rest with the pages (lazy-catalogue.ts).
 */
export const resources = {
  ru: {
    ...ru,
    ...exchangeCatalogue.ru,
    ...accountCatalogue.ru,
    ...claimCatalogue.ru,
    ...contentCatalogue.ru,
    ...newsCatalogue.ru,
    ...adminCatalogue.ru,
  },
  en: {
    ...en,
    ...exchangeCatalogue.en,
    ...accountCatalogue.en,
    ...claimCatalogue.en,
    ...contentCatalogue.en,
    ...newsCatalogue.en,
    ...adminCatalogue.en,
  },
} satisfies Record<Locale, Record<string, unknown>>;

export type LocaleCatalogue = (typeof resources)['ru'];
