import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldIssue, type FieldErrors } from '../shared/field-issues.ts';
import { AppError } from './errors.ts';
import { isRefusedText, withoutRefusedText } from '../shared/refused-text.ts';

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

/** Addresses whose answers are the API's, where a refusal is a field error a client reads. */
const apiPath = /^\/(en\/)?(api|front-api)\//;

/**
 * A page's or a public file's address (GET or HEAD outside the API: the site's catch-all route, the rates export, the
 * sitemap) that holds such text: the same address without it, 303. A visitor, a monitor or a crawler following a
 * mangled link gets the page or the file, not a JSON error naming an invisible field: the query's refused parameters
 * are left out, the path keeps what is left of itself, without a trailing slash (`/news/%00` -> `/news`, the page's
 * own address in one step; `/claim/%00` -> `/claim`, the page's own 404).
 */
function pageAddressWithout(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const route = request.routeOptions.url;
  if (!route || apiPath.test(route) || (route !== '*' && route.includes(':'))) return null;
  const path = route === '*' ? ((request.params as Record<string, string | undefined>)['*'] ?? '') : route;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string' && !isRefusedText(key) && !isRefusedText(item)) query.append(key, item);
    }
  }
  // One leading slash, whatever came: "//host/..." would send the visitor to another site.
  const cleanPath = `/${withoutRefusedText(path).replace(/^\/+/, '').replace(/\/+$/, '')}`
    .split('/')
    .map(encodeURIComponent)
    .join('/');
  const search = query.toString();
  return `${cleanPath}${search ? `?${search}` : ''}`;
}

/**
 * preValidation hook: 400 `{field: ["..."]}` for such text (see above); for a page's address, the address without it
 * (`pageAddressWithout`).
 */
export function refuseRefusedText(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
  for (const part of [request.params, request.query, request.body]) {
    const path = refusedPath(part);
    if (path) {
      const page = pageAddressWithout(request);
      // Answered here, so `done` is not called (a callback hook that sends ends the request's hooks).
      if (page) return void reply.redirect(page, 303);
      const fields: FieldErrors = { [path.join('.') || 'non_field_errors']: [fieldIssue('field_invalid_text')] };
      return done(new AppError('validation', { fields }));
    }
  }
  done();
}
