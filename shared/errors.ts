import type { Locale } from './locales.ts';

/**
 * The one error catalogue: a code, an HTTP status, a user message in both languages, a log message.
 * Server answers use it (DRF shape `{"detail": "...", "code": "..."}`), and the web shows the same texts.
 */
export const errorCatalogue = {
  not_found: { status: 404, ru: 'Не найдено.', en: 'Not found.', log: 'resource not found' },
  malformed_json: {
    status: 400,
    ru: 'Некорректный JSON в теле запроса.',
    en: 'Malformed JSON in the request body.',
    log: 'malformed JSON body',
  },
  unsupported_media_type: {
    status: 415,
    ru: 'Неподдерживаемый тип содержимого.',
    en: 'Unsupported content type.',
    log: 'unsupported content type',
  },
  payload_too_large: {
    status: 413,
    ru: 'Слишком большой запрос.',
    en: 'Request body is too large.',
    log: 'request body over the limit',
  },
  validation: {
    status: 400,
    ru: 'Проверьте введённые данные.',
    en: 'Please check the data you entered.',
    log: 'validation failed',
  },
  rate_limited: {
    status: 429,
    ru: 'Слишком много запросов. Попробуйте позже.',
    en: 'Too many requests. Please try again later.',
    log: 'rate limited',
  },
  duplicate_monitoring: {
    status: 400,
    ru: 'Этот сайт уже подал заявку.',
    en: 'This site has already applied.',
    log: 'duplicate monitoring registration',
  },
  forbidden: { status: 403, ru: 'Доступ запрещён.', en: 'Access denied.', log: 'forbidden' },
  token_not_valid: {
    status: 401,
    ru: 'Токен недействителен или истёк.',
    en: 'Token is invalid or expired.',
    log: 'token not valid',
  },
  not_authenticated: {
    status: 401,
    ru: 'Требуется авторизация.',
    en: 'Authentication credentials were not provided.',
    log: 'not authenticated',
  },
  internal: {
    status: 500,
    ru: 'Что-то пошло не так. Попробуйте позже.',
    en: 'Something went wrong. Please try again later.',
    log: 'unhandled error',
  },
  unavailable: {
    status: 503,
    ru: 'Сервис временно недоступен.',
    en: 'Service temporarily unavailable.',
    log: 'unavailable',
  },
} as const satisfies Record<string, { status: number; log: string } & Record<Locale, string>>;

export type ErrorCode = keyof typeof errorCatalogue;

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return errorCatalogue[code][locale];
}
