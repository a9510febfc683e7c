import type { Locale } from '../../shared/locales.ts';
import { account as enAccount } from './en/account.ts';
import { auth as enAuth } from './en/auth.ts';
import { content as enContent } from './en/content.ts';
import { frame as enFrame } from './en/frame.ts';
import { home as enHome } from './en/home.ts';
import { news as enNews } from './en/news.ts';
import { account as ruAccount } from './ru/account.ts';
import { auth as ruAuth } from './ru/auth.ts';
import { content as ruContent } from './ru/content.ts';
import { frame as ruFrame } from './ru/frame.ts';
import { home as ruHome } from './ru/home.ts';
import { news as ruNews } from './ru/news.ts';

/** Both catalogues by locale, one i18next namespace per area of the site. */
export const resources = {
  ru: { frame: ruFrame, home: ruHome, auth: ruAuth, account: ruAccount, content: ruContent, news: ruNews },
  en: { frame: enFrame, home: enHome, auth: enAuth, account: enAccount, content: enContent, news: enNews },
} satisfies Record<Locale, Record<string, unknown>>;

export const namespaces = Object.keys(resources.ru) as (keyof (typeof resources)['ru'])[];
