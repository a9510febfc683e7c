import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseAwayRetryAfter, errorCatalogue, type ErrorCode } from '../../shared/errors.ts';
import { emptyFieldErrors, fieldIssue, translateFieldErrors, type FieldErrors } from '../../shared/field-issues.ts';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable, isDataException } from '../db/errors.ts';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  fields?: FieldErrors,
  more: { extra?: Record<string, unknown>; detail?: string; status?: number } = {},
) {
  const entry = errorCatalogue[code];
  // Field errors carry catalogue codes (shared/field-issues.ts): this is where they take the caller's language.
  // `extra` rides along with field errors too (a login that needs the captcha says where to get its challenge).
  const body = fields
    ? { ...translateFieldErrors(fields, request.locale), ...more.extra }
    : { detail: more.detail ?? entry[request.locale], code, ...more.extra };
  return reply
    .status(more.status ?? entry.status)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** Unknown fields named per answer at most (a body of a thousand stray keys gets a short answer). */
const maxUnknownNamed = 20;

/**
 * A route schema's refusal as field errors: each issue under its path (`fromNotify.ru`), catalogue codes. A field the
 * body does not take (the bodies that move money or attribute it are strict: docs/product/api.md, "Unknown fields") is
 * named under its own key, with the field it is closest to when there is one (`referral` -> `refferal`, `promo_code`
 * -> `promocode`): dropped silently, a misspelt promocode or referral code would cost the customer or the partner.
 * `known`: the body's own fields, for that suggestion.
 */
export function schemaFieldErrors(
  validation: readonly FastifySchemaValidationError[],
  known: readonly string[] = [],
): FieldErrors {
  const fields = emptyFieldErrors();
  for (const issue of validation) {
    const key = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined;
    if (Array.isArray(unknown)) {
      for (const name of unknown.slice(0, maxUnknownNamed).map((k) => String(k).slice(0, 64))) {
        const near = key ? undefined : closestField(name, known);
        (fields[key ? `${key}.${name}` : name] ??= []).push(
          near ? fieldIssue('field_unknown_did_you_mean', { name: near }) : fieldIssue('field_unknown'),
        );
      }
      continue;
    }
    (fields[key || 'non_field_errors'] ??= []).push(issue.message ?? fieldIssue('field_invalid_value'));
  }
  return fields;
}

/** The field of `known` that `name` most likely meant: the same letters in another case or separators, or 1-2 edits. */
export function closestField(name: string, known: readonly string[]): string | undefined {
  const plain = (s: string) => s.toLowerCase().replace(/[_-]/g, '');
  const same = known.find((k) => plain(k) === plain(name));
  if (same) return same;
  if (name.length < 4) return undefined;
  let best: { field: string; distance: number } | undefined;
  for (const field of known) {
    const distance = editDistance(plain(name), plain(field));
    if (distance <= 2 && (!best || distance < best.distance)) best = { field, distance };
  }
  return best?.field;
}

/** Levenshtein's distance, with a swap of two neighbours as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** Every error leaves in DRF shape; 5xx bodies never carry internals. */
export function registerErrorHandler(app: FastifyInstance) {
  // A method no route takes at that address (OPTIONS or TRACE on a page: the pages' catch-all takes the usual six)
  // fell to Fastify's own 404, `{"message":"Route OPTIONS:/faq not found","error":"Not Found","statusCode":404}`.
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'not_found'));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return sendError(request, reply, error.code, error.fields, { extra: error.extra, detail: error.detail });
    }
    if (request.raw.readableAborted) {
      // The client hung up before its body arrived (Node's 'aborted', ECONNRESET): not a database's socket, whose
      // codes isDatabaseUnavailable also reads, and no error of ours. Nobody is left to read the answer.
      request.log.info({ err: error }, 'client hung up before its body arrived');
      return sendError(request, reply, 'body_length_mismatch');
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The body schema's own fields, when it is an object: what an unknown field may have meant.
      const shape = (request.routeOptions.schema?.body as { shape?: Record<string, unknown> } | undefined)?.shape;
      return sendError(request, reply, 'validation', schemaFieldErrors(error.validation, Object.keys(shape ?? {})));
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'database refused a value (SQLSTATE class 22)');
      return sendError(request, reply, 'invalid_value');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', databaseAwayRetryAfter);
      return sendError(request, reply, 'database_unavailable');
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return sendError(request, reply, 'internal');
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(request, reply, 'malformed_json');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(request, reply, 'payload_too_large');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(request, reply, 'unsupported_media_type');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(request, reply, 'body_length_mismatch');
    }
    if (error.statusCode === 429) return sendError(request, reply, 'rate_limited');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own message was English whatever the caller's language, and had no code: the catalogue's words,
      // the framework's status.
      request.log.info({ err: error }, 'client error');
      return sendError(request, reply, 'bad_request', undefined, {
        status: error.statusCode,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'internal');
  });
}
