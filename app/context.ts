import { createContext } from 'react-router';
import type { Locale } from '../shared/locales.ts';
import type { Services } from '../server/services.ts';

/** What the browser may know of the configuration: rendered into the page. */
export interface PublicSite {
  supportEmail: string;
  /** PUBLIC_URL without a trailing slash: canonical and share addresses (docs/product/seo.md). */
  publicUrl: string;
  buildId: string;
  /** EXCHANGE_TIME_ZONE: the zone the console writes times in (public pages use the visitor's own). */
  exchangeTimeZone: string;
  chatScriptUrl: string | null;
  analyticsScriptUrl: string | null;
  analyticsId: string | null;
}

/** Per-request context the Fastify server hands to loaders and actions (in-process: no HTTP hop). */
export interface AppContext {
  locale: Locale;
  nonce: string;
  services: Services;
  site: PublicSite;
  /** Whether an error is the database being away (server/db/errors.ts): the page then answers 503, not 500. */
  databaseUnavailable: (error: unknown) => boolean;
}

const key = Symbol.for('obmen.appContext');
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<AppContext>> | undefined>;
/**
 * One token shared by the server and the SSR bundle. The bundle inlines its own copy of this module, and React Router
 * looks context values up by token identity, so the token lives on globalThis under a registered symbol.
 */
export const appContext = (holder[key] ??= createContext<AppContext>());
