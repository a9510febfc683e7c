import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseAwayRetryAfter, errorCatalogue, type ErrorCode } from '../../shared/errors.ts';
import { fieldIssue, translateFieldErrors, type FieldErrors } from '../../shared/field-issues.ts';
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

/** A route schema's refusal as field errors: each issue under its path (`fromNotify.ru`), catalogue codes. */
export function schemaFieldErrors(validation: readonly FastifySchemaValidationError[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of validation) {
    const key = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
    (fields[key] ??= []).push(issue.message ?? fieldIssue('field_invalid_value'));
  }
  return fields;
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
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, 'validation', schemaFieldErrors(error.validation));
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
