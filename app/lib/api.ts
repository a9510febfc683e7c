import { href } from '../../shared/paths.ts';
import type { Locale } from '../../shared/locales.ts';
import { accessToken, renewAccessToken } from './session.ts';

/** An error answer in the DRF shape (docs/product/api.md): `{"detail": "..."}` and/or `{"field": ["message", ...]}`. */
export interface DrfErrors {
  /** `detail` and `non_field_errors`: shown in the block above a form. */
  general: string[];
  fields: Record<string, string[]>;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      errors: DrfErrors;
      /** The connection failed: no answer at all. */
      network?: boolean;
      /** A 429's Retry-After, in seconds. */
      retryAfter?: number;
      /** The answer's JSON as it came, for what a caller reads besides messages (a login's `captchaCheck`). */
      body?: unknown;
    };

const asMessages = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
};

/** Reads a DRF error body; anything else (HTML, empty) gives no messages and the caller shows its generic text. */
export function parseDrfErrors(body: unknown): DrfErrors {
  const errors: DrfErrors = { general: [], fields: {} };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return errors;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    // `code` is the error's code beside `detail` (a string); a field named code (a currency's, a promocode's) comes
    // as a list of messages like any other field.
    if (key === 'code' && !Array.isArray(value)) continue;
    const messages = asMessages(value);
    if (!messages.length) continue;
    if (key === 'detail' || key === 'non_field_errors') errors.general.push(...messages);
    else errors.fields[key] = messages;
  }
  return errors;
}

/**
 * The API address in a locale: the en API lives under /en, which also picks the language of messages
 * (docs/product/api.md).
 */
export function apiUrl(locale: Locale, path: string): string {
  return href(locale, path);
}

const networkError = { ok: false, status: 0, errors: { general: [], fields: {} }, network: true } as const;

/** The body of an answer as JSON, or null when it is empty or not JSON (then there are no messages to show). */
async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Sorts an answer into data or DRF errors; a 429 also says how long to wait (Retry-After, in seconds). */
function settle<T>(response: Response, json: unknown): ApiResult<T> {
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  const errors = parseDrfErrors(json);
  const retryAfter = Number(response.headers.get('retry-after'));
  if (response.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0)
    return { ok: false, status: response.status, errors, retryAfter, body: json };
  return { ok: false, status: response.status, errors, body: json };
}

/** The answer to an expired, forged or revoked access token, the one that calls for a refresh (docs/product/api.md). */
const isTokenNotValid = (response: Response, json: unknown) =>
  response.status === 401 &&
  !!json &&
  typeof json === 'object' &&
  (json as { code?: unknown }).code === 'token_not_valid';

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Send without the session: no bearer token, and no refresh to get one. For the calls that open, end or need no
   * session (login, logout, sign-up, activation, restore): a logout must not rotate the cookie just to revoke it.
   */
  anonymous?: boolean;
}

/**
 * One JSON call. Every API call of the web app goes through here (postJson/getJson), so the session is added in one
 * place: the bearer token when one is held (or can be had: app/lib/session.ts), and the rule for a 401
 * `token_not_valid` (docs/product/api.md): refresh the token once and retry the request once, never in a loop. Calls
 * running at once share one refresh.
 */
export async function requestJson<T = unknown>(
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown } & RequestOptions,
): Promise<ApiResult<T>> {
  // A file (the console's banner upload) goes as its own bytes under its own type; anything else as JSON.
  const file = init.body instanceof Blob ? init.body : null;
  const body = init.body === undefined ? undefined : (file ?? JSON.stringify(init.body));
  const send = (token: string | null) =>
    fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(body === undefined
          ? {}
          : { 'content-type': file ? file.type || 'application/octet-stream' : 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...init.headers,
      },
      credentials: 'same-origin',
      body,
      signal: init.signal,
    });
  try {
    const token = init.anonymous ? null : await accessToken();
    let response = await send(token);
    let json = await readBody(response);
    if (token && isTokenNotValid(response, json)) {
      const fresh = await renewAccessToken(token);
      if (fresh) {
        response = await send(fresh);
        json = await readBody(response);
      }
    }
    // An abort while the body was read leaves no body: the caller moved on, so reject as fetch itself would.
    init.signal?.throwIfAborted();
    return settle<T>(response, json);
  } catch (e) {
    if (init.signal?.aborted) throw e;
    return { ...networkError, errors: { general: [], fields: {} } };
  }
}

/** POSTs JSON and sorts the answer into data or DRF errors; a failed connection is an error with `network`. */
export function postJson<T = unknown>(url: string, body: unknown, options: RequestOptions = {}): Promise<ApiResult<T>> {
  return requestJson<T>(url, { method: 'POST', body, ...options });
}

/** GETs JSON; same answer shape as postJson. Aborting through `signal` rejects (the caller moved on). */
export function getJson<T = unknown>(
  url: string,
  options: Pick<RequestOptions, 'signal' | 'anonymous'> = {},
): Promise<ApiResult<T>> {
  return requestJson<T>(url, { method: 'GET', ...options });
}
