import type { Locale } from '../../shared/locales.ts';
import { frame as enFrame } from './en/frame.ts';
import { frame as ruFrame } from './ru/frame.ts';

/** Both catalogues by locale, one i18next namespace per area of the site. */
export const resources = {
  ru: { frame: ruFrame },
  en: { frame: enFrame },
} satisfies Record<Locale, Record<string, unknown>>;

export const namespaces = Object.keys(resources.ru) as (keyof (typeof resources)['ru'])[];
