import './zod-config.ts';
import { z } from 'zod';
import { fieldIssue } from './fields.ts';

/** Promocodes: the account's list (docs/product/api.md `users/me/promocodes/`) and the calculator's check before a claim. */

const decimal = z.string().describe('decimal string');

const promocodeStates = ['active', 'not_started', 'expired', 'used_up', 'disabled'] as const;
export type PromocodeState = (typeof promocodeStates)[number];

/** What a code does at `now`: the server's check of a customer's code and the console's list judge it alike. */
export function promocodeState(
  code: { active: boolean; validFrom: Date | null; validTo: Date | null; maxUses: number | null; usesCount: number },
  now: Date,
): PromocodeState {
  if (!code.active) return 'disabled';
  if (code.validFrom && code.validFrom > now) return 'not_started';
  if (code.validTo && code.validTo <= now) return 'expired';
  if (code.maxUses !== null && code.usesCount >= code.maxUses) return 'used_up';
  return 'active';
}

const myPromocodeSchema = z.object({
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

const maxPromocodeLength = 64;

/** POST /api/v1/claim/promocode/: would this code apply to this pair, and what course would it give? */
const promoRequired = fieldIssue('field_required');
const promoPsId = z.coerce
  .number({ error: fieldIssue('field_invalid_choice') })
  .int()
  .positive({ error: fieldIssue('field_invalid_choice') });
export const promocodeCheckSchema = z.strictObject(
  {
    promocode: z
      .string({ error: promoRequired })
      .trim()
      .min(1, { error: promoRequired })
      .max(maxPromocodeLength, { error: fieldIssue('field_too_long', { max: maxPromocodeLength }) }),
    fromPs: promoPsId,
    toPs: promoPsId,
    // Still taken from the clients that send it, never looked up: a guest's typed e-mail must not reveal whether its
    // owner used the code (server/modules/promocodes/service.ts, `quote`).
    email: z.string().max(254).optional().describe('accepted and ignored: the preview never looks up an e-mail'),
  },
  { error: fieldIssue('field_invalid_body') },
);

export const promocodeQuoteSchema = z.object({
  promocode: z.string(),
  discount: decimal,
  course: decimal.describe('the pair’s course with the code applied'),
});
export type PromocodeQuote = z.infer<typeof promocodeQuoteSchema>;
