import { account as en } from './en/account.ts';
import { account as ru } from './ru/account.ts';

/** The 'account' namespace in both languages, loaded with the pages that use it (lazy-catalogue.ts says why). */
export const accountCatalogue = { ru: { account: ru }, en: { account: en } };
