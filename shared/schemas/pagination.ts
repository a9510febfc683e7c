import './zod-config.ts';
import { z } from 'zod';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';

/** DESIGN §4: lists page from 1; the size is the caller's, capped at 100 (a larger one is cut, as DRF does). */
const maxPageSize = 100;

/** A positive integer from a query string ("2"), or the default when the parameter is absent. */
function positiveInt(locale: Locale, fallback: number) {
  const message = fieldMessage('field_invalid_integer', locale);
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((n) => n >= 1, { error: message })
    .optional()
    .transform((n) => n ?? fallback);
}

/** `?page&size` of a DRF list, with messages in `locale`. */
export function paginationQuery(locale: Locale, defaultSize: number) {
  return z.object({
    page: positiveInt(locale, 1),
    size: positiveInt(locale, defaultSize).transform((n) => Math.min(n, maxPageSize)),
  });
}

/** The DRF list envelope around `item`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
