import { content as en } from './en/content.ts';
import { content as ru } from './ru/content.ts';

/** The 'content' namespace in both languages, loaded with the pages that use it (lazy-catalogue.ts says why). */
export const contentCatalogue = { ru: { content: ru }, en: { content: en } };
