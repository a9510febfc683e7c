import './zod-config.ts';
import { z } from 'zod';
import { fieldIssue } from './fields.ts';

/** Lists page from 1; the size is the caller's, capped at 100 (a larger one is cut, as DRF does). */
const maxPageSize = 100;

/** A positive integer from a query string ("2"), or the default when the parameter is absent. */
function positiveInt(fallback: number) {
  const message = fieldIssue('field_invalid_integer');
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((n) => n >= 1, { error: message })
    .optional()
    .transform((n) => n ?? fallback);
}

/** `?page&size` of a DRF list whose page holds `defaultSize` items unless the caller asks for another size. */
export function paginationQuery(defaultSize: number) {
  return z.object({
    page: positiveInt(1),
    size: positiveInt(defaultSize).transform((n) => Math.min(n, maxPageSize)),
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
