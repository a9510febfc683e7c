import './zod-config.ts';
import { z } from 'zod';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';

/** Promocodes: the account's list (SPEC §7 `users/me/promocodes/`) and the calculator's check before a claim. */

const decimal = z.string().describe('decimal string');

export const promocodeStates = ['active', 'not_started', 'expired', 'used_up', 'disabled'] as const;
export type PromocodeState = (typeof promocodeStates)[number];

export const myPromocodeSchema = z.object({
  code: z.string(),
  discount: decimal.describe('percent the course improves by'),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  usesLeft: z.number().int().nullable().describe('for this customer; null: unlimited'),
  state: z.enum(promocodeStates),
});
export const myPromocodesSchema = z.object({
  count: z.number().int(),
  next: z.null(),
  previous: z.null(),
  results: z.array(myPromocodeSchema),
});
export type MyPromocode = z.infer<typeof myPromocodeSchema>;

export const maxPromocodeLength = 64;

/** POST /api/v1/claim/promocode/: would this code apply to this pair, and what course would it give? */
export function promocodeCheckSchema(locale: Locale) {
  const required = fieldMessage('field_required', locale);
  const id = z.coerce
    .number({ error: fieldMessage('field_invalid_choice', locale) })
    .int()
    .positive({
      error: fieldMessage('field_invalid_choice', locale),
    });
  return z.object(
    {
      promocode: z
        .string({ error: required })
        .trim()
        .min(1, { error: required })
        .max(maxPromocodeLength, { error: fieldMessage('field_too_long', locale, { max: maxPromocodeLength }) }),
      fromPs: id,
      toPs: id,
      email: z.string().max(254).optional(),
    },
    { error: fieldMessage('field_invalid_body', locale) },
  );
}

export const promocodeQuoteSchema = z.object({
  promocode: z.string(),
  discount: decimal,
  course: decimal.describe('the pair’s course with the code applied'),
});
export type PromocodeQuote = z.infer<typeof promocodeQuoteSchema>;
