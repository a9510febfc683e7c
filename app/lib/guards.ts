import { data, redirectDocument, type RouterContextProvider } from 'react-router';
import { href, landingPath, paths } from '../../shared/paths.ts';
import type { Locale } from '../../shared/locales.ts';
import { appContext } from '../context.ts';
import type { CookieSession } from '../../server/modules/auth/service.ts';
import type { SessionUser } from './session.ts';

/**
 * Route guards (docs/product/behaviour.md), run in server loaders: on a full load and on client navigations alike
 * (those fetch the loaders' data with a request that carries the cookie), so a guard never depends on what the browser
 * thinks.
 *
 * Their redirects load the target page in full (`redirectDocument`). On a client navigation a guard only fires when
 * the session changed since the page loaded (a login or logout in another tab): the page's header still shows the
 * old state, and the root's data, which never revalidates, would keep it wrong on the new page.
 */

const sessions = new WeakMap<Request, Promise<CookieSession | null>>();

/** The session of `request`, looked up once per request (or as the page cache handed it: app/context.ts). */
function lookup(context: Readonly<RouterContextProvider>, request: Request): Promise<CookieSession | null> {
  let found = sessions.get(request);
  if (!found) {
    const { visitor, services } = context.get(appContext);
    found = visitor
      ? Promise.resolve(visitor.session)
      : services.auth.sessionFromCookieHeader(request.headers.get('cookie'));
    sessions.set(request, found);
  }
  return found;
}

/**
 * The visitor's session from the `refreshToken` cookie of `request` (read, never rotated: the browser's own refresh
 * stays the only one using the token), with the account id the account and console readers need. Every loader of
 * one request (root, guards, account and console readers) shares this one lookup. A page that reads it shows this
 * visitor's own account: the page cache keeps no copy of it for others (docs/decisions/0036).
 */
export function cookieSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<CookieSession | null> {
  const { visitor } = context.get(appContext);
  if (!visitor) return lookup(context, request);
  visitor.readAccount();
  return Promise.resolve(visitor.own);
}

/**
 * The visitor as the header and the guards see them (no account id: this goes into the page's data). On a public page
 * the e-mail may be the page cache's stand-in, replaced with each visitor's own in the answer
 * (docs/decisions/0036-customers-pages-from-the-cache.md): write it as it is; anything derived from it (capitals, an
 * initial, a shortened form) belongs in the browser.
 */
export async function sessionUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SessionUser | null> {
  const session = await lookup(context, request);
  return session ? { email: session.email, activated: session.activated, role: session.role } : null;
}

/**
 * Where the 'auth' guard sends a guest: the login page of their locale, with `next` set to the address they asked for
 * (path and query, locale prefix included) so that logging in brings them back.
 */
export function loginRedirectTarget(locale: Locale, requestUrl: string): string {
  const url = new URL(requestUrl);
  // Client navigations fetch `/path.data?_routes=...` (`/_.data` for the root), and loaders get that URL as it is:
  // `next` must be the page, not its data.
  const pathname = url.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '');
  url.searchParams.delete('_routes');
  return `${href(locale, paths.login)}?next=${encodeURIComponent(pathname + url.search)}`;
}

/** The 'auth' guard: the logged-in user, or a redirect of a guest to the login page (and back after it). */
export async function requireUser(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await sessionUser(context, request);
  if (!user) throw redirectDocument(loginRedirectTarget(context.get(appContext).locale, request.url));
  return user;
}

/** The 'guest' guard (login, sign-up, recovery): a logged-in visitor goes to their landing page (staff: the console). */
export async function requireGuest(context: Readonly<RouterContextProvider>, request: Request): Promise<null> {
  const user = await sessionUser(context, request);
  if (user) throw redirectDocument(href(context.get(appContext).locale, landingPath(user.role)));
  return null;
}

/**
 * The console's guard (issue 6 §1): an operator or admin; a guest goes to the login page (and back after it), a
 * customer gets the 403 error page.
 */
export async function requireStaff(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await requireUser(context, request);
  if (user.role !== 'operator' && user.role !== 'admin') throw data(null, { status: 403 });
  return user;
}
