import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fieldErrors } from '../../../shared/schemas/fields.ts';
import { AppError } from '../../errors.ts';

/**
 * Content routes declare plain schemas for OpenAPI with `attachValidation`, then parse the raw input here with the
 * shared schema built for the request's locale: DRF field messages must be in the caller's language, and Fastify
 * compiles one validator per route, not per locale.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('validation', { fields: fieldErrors(result.error) });
  return result.data;
}

/** The query string as sent (strings), whatever the declared schema made of it. */
export function rawQuery(request: FastifyRequest): Record<string, string> {
  const search = request.raw.url?.split('?')[1] ?? '';
  return Object.fromEntries(new URLSearchParams(search));
}
