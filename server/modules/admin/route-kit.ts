import type { FastifyRequest } from 'fastify';
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

/**
 * A `preValidation` hook answering 404 for a record that is not there before its body is validated, as DRF's
 * `get_object()` comes before the serializer: an edit of a missing record is "not found" whatever it sends.
 */
export function foundFirst(exists: (id: number) => Promise<unknown>) {
  return async (request: FastifyRequest) => {
    const { id } = request.params as { id?: string };
    if (!id || !/^\d{1,9}$/.test(id) || !(await exists(Number(id)))) throw new AppError('not_found');
  };
}

/** The answers of the role check every admin route has: no token (401), not staff or not admin (403). */
export const denied = { 401: detailErrorSchema, 403: detailErrorSchema };

/** The operator making a change, as the audit log records them. */
export function actor(request: FastifyRequest): Actor {
  const user = authUser(request);
  return { id: user.id, email: user.email };
}
