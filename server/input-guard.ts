import type { FastifyRequest } from 'fastify';
import { fieldIssue, type FieldErrors } from '../shared/field-issues.ts';
import { AppError } from './errors.ts';

/**
 * Text the database cannot hold is refused once, at the boundary, for every route: a NUL byte (PostgreSQL's text
 * refuses 0x00) or half of a surrogate pair (not Unicode; a JSON column refuses it) anywhere in the body, the query or
 * the path parameters, in a value or a key. The answer is the usual 400 with the field's path, before any schema or
 * service sees the input. Route schemas then only judge what is left: lengths, formats, ranges.
 */

// A NUL (the one control character PostgreSQL refuses; the others are judged by each field's own rule), or a high
// surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const unholdable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first path (`a.b.0`) at which `value` holds text the database cannot store, or null. */
function unholdablePath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return unholdable.test(value) ? path : null;
  // JSON nests no deeper than the body limit allows; this bound only keeps the walk's stack small.
  // Raw bytes (an uploaded image) are not text: nothing in them is stored as a string.
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (unholdable.test(key)) return [...path, key];
    const found = unholdablePath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** preValidation hook: 400 `{field: ["..."]}` for text the database cannot hold (see above). */
export function refuseUnholdableText(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
  for (const part of [request.params, request.query, request.body]) {
    const path = unholdablePath(part);
    if (path) {
      const fields: FieldErrors = { [path.join('.') || 'non_field_errors']: [fieldIssue('field_invalid_text')] };
      return done(new AppError('validation', { fields }));
    }
  }
  done();
}
