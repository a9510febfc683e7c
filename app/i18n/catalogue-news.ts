import { news as en } from './en/news.ts';
import { news as ru } from './ru/news.ts';

/** The 'news' namespace in both languages, loaded with the pages that use it (lazy-catalogue.ts says why). */
export const newsCatalogue = { ru: { news: ru }, en: { news: en } };
