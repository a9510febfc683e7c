import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { detailErrorSchema } from '../../../shared/schemas/content.ts';
import { AppError } from '../../errors.ts';
import { authUser } from '../../plugins/auth.ts';
import type { Actor } from './audit/service.ts';

/** What every /api/v1/admin/ route declares: its OpenAPI tag and the bearer token it needs. */
export const adminTags = ['admin'];
export const adminSecurity = [{ bearer: [] }];

/** A numeric record id in the path (`/:id/`), as a string the handler turns into a number. */
export const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/) });

/** The answers of the role check every admin route has: no token (401), not staff or not admin (403). */
export const denied = { 401: detailErrorSchema, 403: detailErrorSchema };

/** The operator making a change, as the audit log records them. */
export function actor(request: FastifyRequest): Actor {
  const user = authUser(request);
  return { id: user.id, email: user.email };
}

type ConsoleSchema = Omit<FastifySchema, 'tags' | 'security' | 'response'> & {
  summary: string;
  response: Record<number, z.ZodType>;
};
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function consoleRoute<S extends ConsoleSchema>(role: Hook, schema: S, preValidation?: Hook) {
  return {
    // The role is checked on onRequest: a caller who may not call gets 401/403 before the body is even parsed.
    onRequest: role,
    ...(preValidation ? { preValidation } : {}),
    schema: { tags: adminTags, security: adminSecurity, ...schema, response: { ...denied, ...schema.response } },
  };
}

/**
 * A console route any staff member may call: its options with the role check, the OpenAPI tag and bearer security, and
 * the 401/403 answers beside the route's own. `preValidation` runs after the role check, before the body is judged
 * (see `foundFirst`).
 */
export function staffRoute<S extends ConsoleSchema>(app: FastifyInstance, schema: S, preValidation?: Hook) {
  return consoleRoute(app.requireStaff, schema, preValidation);
}

/** The same for a route only an admin may call (settings, roles). */
export function adminRoute<S extends ConsoleSchema>(app: FastifyInstance, schema: S, preValidation?: Hook) {
  return consoleRoute(app.requireAdmin, schema, preValidation);
}

/**
 * A preValidation hook answering 404 for an address that names no record, before the body is judged: the operator
 * editing a record someone deleted learns that, not what is wrong with the form. Params the schema refuses name no
 * record either (404, as a lookup of them would answer).
 */
export function foundFirst<P extends z.ZodType>(params: P, find: (params: z.output<P>) => Promise<unknown>): Hook {
  return async (request) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success || !(await find(parsed.data))) throw new AppError('not_found');
  };
}

/** `foundFirst` for the usual `/:id/` address. */
export const idFoundFirst = (find: (id: number) => Promise<unknown>) =>
  foundFirst(idParam, ({ id }) => find(Number(id)));
