import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { UserRole } from '../db/schema-users.ts';
import type { AuthUser } from '../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid `Authorization: Bearer` access token is required; sets `request.user`. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: `request.user` from the bearer token when one is sent, null without; a bad token is still 401. */
    identify(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook of the operator console (issue 6): an operator or admin; a guest gets 401, a customer 403. */
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook of admin-only calls (settings, roles): an admin; a guest gets 401, anyone else 403. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** The account of the bearer token, after `app.authenticate` or `app.identify`; null for a guest. */
    user: AuthUser | null;
  }
}

/**
 * Bearer authentication for every module (docs/auth.md): register once on the root instance; routes then use
 * `{ onRequest: app.authenticate }` (and `authUser(request)` in the handler) or `{ onRequest: app.identify }`.
 * On `onRequest`, before the body is read and validated: a guest gets 401 whatever the body, and no input of a caller
 * who may not call is parsed.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);

  const resolve = async (request: FastifyRequest, reply: FastifyReply, required: boolean) => {
    request.user = null;
    const header = request.headers.authorization;
    if (!header) {
      if (!required) return;
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('not_authenticated');
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const user = match ? await app.services.auth.userFromAccessToken(match[1]!) : null;
    if (!user) {
      // The client refreshes once on this code and retries (docs/product/api.md).
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new AppError('token_not_valid');
    }
    request.user = user;
  };

  app.decorate('authenticate', (request: FastifyRequest, reply: FastifyReply) => resolve(request, reply, true));
  app.decorate('identify', (request: FastifyRequest, reply: FastifyReply) => resolve(request, reply, false));
  const requireRole = (roles: readonly UserRole[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    await resolve(request, reply, true);
    if (!roles.includes(request.user!.role)) throw new AppError('forbidden');
  };
  app.decorate('requireStaff', requireRole(staffRoles));
  app.decorate('requireAdmin', requireRole(['admin']));
}

/** Roles that may use the operator console. */
const staffRoles: readonly UserRole[] = ['operator', 'admin'];

/** The user of a route behind `app.authenticate` (it never runs without one). */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('not_authenticated');
  return request.user;
}
