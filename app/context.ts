import { createContext } from 'react-router';
import type { Locale } from '../shared/locales.ts';
import type { Services } from '../server/services.ts';
import type { CookieSession } from '../server/modules/auth/service.ts';

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
  /**
   * Logs an error of this page's request through the server's logger, whose `err` serializer drops a failed query's
   * parameters and the driver's detail (server/log-redaction.ts). console.error would print them whole.
   */
  logError: (error: unknown, message: string) => void;
  /**
   * The visitor's session when the server looked it up before the render: the page cache does for a visitor with a
   * session cookie (docs/decisions/0036-customers-pages-from-the-cache.md). Loaders then read it here (app/lib/guards.ts).
   */
  visitor?: VisitorLookup | undefined;
  /**
   * Counts one post of a public page's form against the per-address limit its API route counts too (the page's form
   * is the one a script fills): null while within it, else the seconds to wait (the answer's Retry-After).
   */
  countFormPost: (form: 'monitoring') => Promise<number | null>;
}

/** A visitor's session as the page cache hands it to the render. */
export interface VisitorLookup {
  /**
   * The session the page shows. When the page is to be kept for every visitor of the same role and activation, a
   * stand-in: the visitor's own with a marker for the e-mail, which the cache replaces with each visitor's.
   */
  session: CookieSession | null;
  /** The visitor's own session, for the loaders that read the account (their page is never kept for others). */
  own: CookieSession | null;
  /** A loader read more of the session than the header's part (the account id): the page is this visitor's alone. */
  readAccount(): void;
}

const key = Symbol.for('obmen.appContext');
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<AppContext>> | undefined>;
/**
 * One token shared by the server and the SSR bundle. The bundle inlines its own copy of this module, and React Router
 * looks context values up by token identity, so the token lives on globalThis under a registered symbol.
 */
export const appContext = (holder[key] ??= createContext<AppContext>());
