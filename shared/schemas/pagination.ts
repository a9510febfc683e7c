import './zod-config.ts';
import { z } from 'zod';
import { fieldIssue, maxInteger, wholeNumberIssue } from './fields.ts';

/** Lists page from 1; the size is the caller's, capped at 100 (a larger one is cut, as DRF does). */
const maxPageSize = 100;

/** A string of digits as the number it is (past 2^53 only roughly, which is past every maximum anyway), else NaN. */
const digits = (value: string) => (/^\d+$/.test(value) ? Number(value) : NaN);

/**
 * The page number from a query string ("2"), or 1 when absent: a whole number from 1 to `maxInteger`, one past it told
 * the maximum (`wholeNumberIssue`). A page past the last one is the list's own answer (404 `invalid_page`).
 */
const pageNumber = z
  .string({ error: fieldIssue('field_invalid_integer') })
  .transform((value, ctx) => {
    const page = digits(value);
    const issue = wholeNumberIssue(page, maxInteger);
    if (issue) {
      ctx.addIssue({ code: 'custom', message: issue, input: value });
      return z.NEVER;
    }
    return page;
  })
  .optional()
  .transform((n) => n ?? 1);

/**
 * The page size from a query string, or `fallback`: any whole number from 1, one past `maxPageSize` cut to it whatever
 * its length (as DRF does), so a size of 20 digits is a page of 100 rather than a refusal.
 */
function pageSize(fallback: number) {
  const message = fieldIssue('field_invalid_integer');
  return z
    .string({ error: message })
    .transform(digits)
    .refine((n) => n >= 1, { error: message })
    .optional()
    .transform((n) => Math.min(n ?? fallback, maxPageSize));
}

/** `?page&size` of a DRF list whose page holds `defaultSize` items unless the caller asks for another size. */
export function paginationQuery(defaultSize: number) {
  return z.object({
    page: pageNumber,
    size: pageSize(defaultSize),
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
