import type { FastifyRequest } from 'fastify';
import { fieldIssue, type FieldErrors } from '../shared/field-issues.ts';
import { AppError } from './errors.ts';
import { isRefusedText } from '../shared/refused-text.ts';

/**
 * Text the database cannot hold, or that would be shown as something else, is refused once, at the boundary, for
 * every route (shared/refused-text.ts: a NUL byte, half of a surrogate pair, a bidirectional control) anywhere in the
 * body, the query or the path parameters, in a value or a key. The answer is the usual 400 with the field's path, before any schema or
 * service sees the input. Route schemas then only judge what is left: lengths, formats, ranges. A page action that
 * reads a form post itself (its body is bytes here) checks the form's values with the same test.
 */

function isParsedShape(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  // JSON.parse builds plain objects; Fastify's path parameters and query come as objects whose prototype is itself
  // prototype-less (a "null object" class). A stream, a Buffer or any other class instance has a longer chain.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** The first path (`a.b.0`) at which `value` holds text the database cannot store, or null. */
function refusedPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return isRefusedText(value) ? path : null;
  // JSON nests no deeper than the body limit allows; this bound only keeps the walk's stack small. Only what a parser
  // built is walked: plain objects and arrays. Anything else is not text the routes store: raw bytes (an uploaded
  // image, a page's form post that its action parses: server/plugins/ssr.ts). A form post was once handed on as the
  // request's stream, whose properties (socket, server, ...) form a graph this walk never finished: any form post to
  // any page spun the process at 100 % CPU.
  if (!isParsedShape(value) || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (isRefusedText(key)) return [...path, key];
    const found = refusedPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** preValidation hook: 400 `{field: ["..."]}` for text the database cannot hold (see above). */
export function refuseRefusedText(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
  for (const part of [request.params, request.query, request.body]) {
    const path = refusedPath(part);
    if (path) {
      const fields: FieldErrors = { [path.join('.') || 'non_field_errors']: [fieldIssue('field_invalid_text')] };
      return done(new AppError('validation', { fields }));
    }
  }
  done();
}
