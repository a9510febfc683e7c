import type { FastifyRequest } from 'fastify';
import { fieldIssue } from '../shared/field-issues.ts';
import { AppError } from './errors.ts';

/**
 * The `Idempotency-Key` header of a money-creating POST (docs/money.md), or undefined without one: printable ASCII, at
 * most 200 characters; anything else is a field error rather than a silently ignored key.
 */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && !/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new AppError('validation', {
      fields: { 'Idempotency-Key': [fieldIssue('field_too_long', { max: 200 })] },
    });
  }
  return key;
}
