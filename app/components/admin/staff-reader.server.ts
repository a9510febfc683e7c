import { data, type RouterContextProvider } from 'react-router';
import { appContext } from '../../context.ts';
import { cookieSession, requireStaff } from '../../lib/guards.ts';
import type { Actor } from '../../../server/modules/admin/audit/service.ts';

/**
 * Who is reading a console page, for its server loaders: an operator or admin (the guard answers anyone else), with
 * the services to read through in-process. Same reasoning as account-reader.server.ts: the first render has the data
 * and filters live in the URL; changes go through /api/v1/admin/... with the bearer token, then revalidate.
 */
const staff = new WeakMap<Request, Promise<Actor & { role: 'operator' | 'admin' }>>();

export function staffReader(context: Readonly<RouterContextProvider>, request: Request) {
  let found = staff.get(request);
  if (!found) {
    found = (async () => {
      await requireStaff(context, request);
      // The guard's own lookup (one per request), now with the account id.
      const session = await cookieSession(context, request);
      if (!session || session.role === 'customer') throw data(null, { status: 403 });
      return { id: session.userId, email: session.email, role: session.role };
    })();
    staff.set(request, found);
  }
  const { services, locale } = context.get(appContext);
  return found.then((user) => ({ user, services, locale }));
}
