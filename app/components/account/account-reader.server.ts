import { redirectDocument, type RouterContextProvider } from 'react-router';
import { appContext } from '../../context.ts';
import { cookieSession, loginRedirectTarget, requireUser } from '../../lib/guards.ts';

/**
 * Who is reading an account page, for the pages' server loaders.
 *
 * Why loaders read in-process rather than the pages calling the API: the access token lives only in the page's
 * memory (0007), so a server render cannot call as the user, and a client-only page would first render skeletons,
 * then rotate the refresh cookie (a write) just to read. The refresh cookie, which every request carries, already
 * proves the session: the 'auth' guard reads it for the layout, and the same session gives the account id here. So
 * the first render has the data (no flicker, no wrong empty state), filters and pages live in the URL (a client
 * navigation runs these loaders again with the cookie, back/forward and shared links work), and viewing the account
 * area never refreshes the token. Changes (withdrawal, password) go through the API with the bearer token and then
 * revalidate.
 */

const ids = new WeakMap<Request, Promise<{ id: number; email: string; activated: boolean }>>();

export function accountReader(context: Readonly<RouterContextProvider>, request: Request) {
  let found = ids.get(request);
  if (!found) {
    found = (async () => {
      // The guard first: a guest gets the same redirect as from the layout (loaders of one request run together).
      await requireUser(context, request);
      // The guard's own lookup (one per request), now with the account id.
      const session = await cookieSession(context, request);
      if (!session) throw redirectDocument(loginRedirectTarget(context.get(appContext).locale, request.url));
      return { id: session.userId, email: session.email, activated: session.activated };
    })();
    ids.set(request, found);
  }
  const { services, locale } = context.get(appContext);
  return found.then((user) => ({ user, services, locale }));
}
