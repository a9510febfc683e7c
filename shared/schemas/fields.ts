import './zod-config.ts';
import type { z } from 'zod';
import { errorCatalogue, type ErrorCode } from '../errors.ts';
import type { Locale } from '../locales.ts';

/** A field message from the error catalogue, with `{name}` placeholders filled in. */
export function fieldMessage(code: ErrorCode, locale: Locale, params: Record<string, string | number> = {}): string {
  return errorCatalogue[code][locale].replace(/\{(\w+)\}/g, (all, key: string) =>
    key in params ? String(params[key]) : all,
  );
}

/** Field errors are keyed by field path; an issue about the whole input goes under DRF's `non_field_errors`. */
export type FieldErrors = Record<string, string[]>;

/** A zod error as DRF field errors `{"field": ["message"]}`: the shape the API answers and the forms show. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    const list = (out[key] ??= []);
    // One message per field is enough to fix it; zod may report the same problem twice (e.g. min and format).
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}
