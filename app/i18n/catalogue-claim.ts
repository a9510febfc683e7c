import { claim as en } from './en/claim.ts';
import { claim as ru } from './ru/claim.ts';

/** The 'claim' namespace in both languages, loaded with the pages that use it (lazy-catalogue.ts says why). */
export const claimCatalogue = { ru: { claim: ru }, en: { claim: en } };
