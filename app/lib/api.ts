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

/** POSTs JSON and sorts the answer into data or DRF errors; a failed connection is an error with `network`. */
export async function postJson<T = unknown>(url: string, body: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, errors: { general: [], fields: {} }, network: true };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // Empty or non-JSON body: no messages to show.
  }
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  return { ok: false, status: response.status, errors: parseDrfErrors(json) };
}
