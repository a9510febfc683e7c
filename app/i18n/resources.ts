import type { Locale } from '../../shared/locales.ts';
import { accountCatalogue } from './catalogue-account.ts';
import { adminCatalogue } from './catalogue-admin.ts';
import { contentCatalogue } from './catalogue-content.ts';
import { en } from './catalogue-en.ts';
import { exchangeCatalogue } from './catalogue-exchange.ts';
import { newsCatalogue } from './catalogue-news.ts';
import { ru } from './catalogue-ru.ts';
import { auth as authEn } from './en/auth.ts';
import { claim as claimEn } from './en/claim.ts';
import { claimPanels as claimPanelsEn } from './en/claim-panels.ts';
import { home as homeEn } from './en/home.ts';
import { auth as authRu } from './ru/auth.ts';
import { claim as claimRu } from './ru/claim.ts';
import { claimPanels as claimPanelsRu } from './ru/claim-panels.ts';
import { home as homeRu } from './ru/home.ts';

/**
 * Every namespace by locale, one per area of the site: what the server renders with and the tests check. The browser
 * starts with the shared part of its locale (catalogue-ru/-en) and adds the rest with the pages (lazy-catalogue.ts,
 * locale-strings.ts).
 */
export const resources = {
  ru: {
    ...ru,
    auth: authRu,
    home: homeRu,
    ...exchangeCatalogue.ru,
    ...accountCatalogue.ru,
    claim: claimRu,
    claimPanels: claimPanelsRu,
    ...contentCatalogue.ru,
    ...newsCatalogue.ru,
    ...adminCatalogue.ru,
  },
  en: {
    ...en,
    auth: authEn,
    home: homeEn,
    ...exchangeCatalogue.en,
    ...accountCatalogue.en,
    claim: claimEn,
    claimPanels: claimPanelsEn,
    ...contentCatalogue.en,
    ...newsCatalogue.en,
    ...adminCatalogue.en,
  },
} satisfies Record<Locale, Record<string, unknown>>;

export type LocaleCatalogue = (typeof resources)['ru'];
