import './zod-config.ts';
import Big from 'big.js';
import { z } from 'zod';
import { isDecimal } from '../exchange/calculator.ts';
import { fieldIssue } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/** Contracts of the console's partners section (issue 6 §5): the withdrawal queue and the programme's settings. */

export const withdrawalStatusValues = ['pending', 'paid', 'rejected'] as const;

/** A partner's payout request as the operator sees it: who, how much, where to, and what the partner has left. */
export const adminWithdrawalSchema = z.object({
  id: z.number().int(),
  partner: z.object({ id: z.number().int(), email: z.string() }),
  amount: z.string().describe('USDT, decimal string'),
  requisites: z.string(),
  status: z.enum(withdrawalStatusValues),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** The partner's balance now (pending requests are already taken out of it). */
  balance: z.string(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPageSchema = listOf(adminWithdrawalSchema);

/** `GET /api/v1/admin/withdrawals/?page&size&status`: pending ones oldest first (the queue), others newest first. */
export const adminWithdrawalsQuery = paginationQuery(25).extend({
  // An empty choice (the form's "all statuses") is no filter.
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(withdrawalStatusValues, { error: fieldIssue('field_invalid_choice') }).optional(),
  ),
});

function requiredText(max: number) {
  const required = fieldIssue('field_required');
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: fieldIssue('field_too_long', { max }) });
}

/** Paying: the payout's reference (transaction hash, transfer number) is required; the partner sees it. */
export const withdrawalPayBody = z.object({ reference: requiredText(200) });
/** Rejecting: the reason is required; the partner sees it, and the amount returns to their balance. */
export const withdrawalRejectBody = z.object({ reason: requiredText(500) });

/** The programme's settings the operator edits: the accrual percent and the smallest payout (USDT). */
export const referralSettingsSchema = z.object({
  percent: z.string().describe('percent of each completed claim of an invited customer, 0..50'),
  minWithdrawal: z.string().describe('the smallest payout request, USDT'),
});
export type ReferralSettingsInput = z.infer<typeof referralSettingsSchema>;

/**
 * A decimal string of at most `dp` places up to `max`. The input is `unknown` so that a number or a missing field gets
 * the same field message as a malformed string; `.meta` tells the API document it is a string.
 */
function settingsDecimal(max: string, dp: number, description: string) {
  return z
    .unknown()
    .refine((v) => isDecimal(v) && (v as string).length <= 20, { error: fieldIssue('field_invalid_amount') })
    .refine((v) => !isDecimal(v) || !new RegExp(`\\.\\d{${dp + 1},}$`).test(v), {
      error: fieldIssue('field_amount_decimals', { dp }),
    })
    .refine((v) => !isDecimal(v) || new Big(v).lte(max), { error: fieldIssue('field_amount_max', { max }) })
    .transform((v) => v as string)
    .meta({ type: 'string', description });
}

/** PUT /api/v1/admin/referral/settings/ */
export const referralSettingsBody = z.object({
  percent: settingsDecimal('50', 4, 'percent of each completed claim of an invited customer, 0..50'),
  minWithdrawal: settingsDecimal('100000', 2, 'the smallest payout request, USDT'),
});
