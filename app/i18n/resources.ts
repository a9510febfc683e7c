import type { Locale } from '../../shared/locales.ts';
import { en } from './catalogue-en.ts';
import { ru } from './catalogue-ru.ts';

/** Both catalogues by locale, one i18next namespace per area of the site (the server and tests use both). */
export const resources = { ru, en } satisfies Record<Locale, Record<string, unknown>>;

export type LocaleCatalogue = (typeof resources)['ru'];
