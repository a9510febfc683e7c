import { href } from '../../shared/paths.ts';
import type { Locale } from '../../shared/locales.ts';

/** An error answer in the DRF shape (DESIGN §4): `{"detail": "..."}` and/or `{"field": ["message", ...]}`. */
export interface DrfErrors {
  /** `detail` and `non_field_errors`: shown in the block above a form. */
  general: string[];
  fields: Record<string, string[]>;
}

export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; errors: DrfErrors; network?: boolean };

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
    if (key === 'code') continue;
    const messages = asMessages(value);
    if (!messages.length) continue;
    if (key === 'detail' || key === 'non_field_errors') errors.general.push(...messages);
    else errors.fields[key] = messages;
  }
  return errors;
}

/** The API address in a locale: SPEC §7 puts the en API under /en, which also picks the language of messages. */
export function apiUrl(locale: Locale, path: string): string {
  return href(locale, path);
}

/** Sorts a fetch answer into data or DRF errors. */
async function settle<T>(response: Response): Promise<ApiResult<T>> {
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // Empty or non-JSON body: no messages to show.
  }
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  return { ok: false, status: response.status, errors: parseDrfErrors(json) };
}

const networkError = { ok: false, status: 0, errors: { general: [], fields: {} }, network: true } as const;

/**
 * One JSON call. Every API call of the web app goes through here (postJson/getJson), so the session (bearer token,
 * refresh-and-retry on token_not_valid) is added in one place.
 */
export async function requestJson<T = unknown>(
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      credentials: 'same-origin',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (e) {
    if (init.signal?.aborted) throw e;
    return { ...networkError, errors: { general: [], fields: {} } };
  }
  return settle<T>(response);
}

/** POSTs JSON and sorts the answer into data or DRF errors; a failed connection is an error with `network`. */
export function postJson<T = unknown>(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  return requestJson<T>(url, { method: 'POST', body, ...options });
}

/** GETs JSON; same answer shape as postJson. Aborting through `signal` rejects (the caller moved on). */
export function getJson<T = unknown>(url: string, options: { signal?: AbortSignal } = {}): Promise<ApiResult<T>> {
  return requestJson<T>(url, { method: 'GET', ...options });
}
