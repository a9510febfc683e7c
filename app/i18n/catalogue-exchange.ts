import { exchange as en } from './en/exchange.ts';
import { exchange as ru } from './ru/exchange.ts';

/**
 * The 'exchange' namespace (the calculator) in both languages, shipped inside the calculator island's chunk: the
 * server renders the form, and the browser needs its strings only once the island's code runs (exchange-island.tsx).
 */
export const exchangeCatalogue = { ru: { exchange: ru }, en: { exchange: en } };
