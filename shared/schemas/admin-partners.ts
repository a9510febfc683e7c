import './zod-config.ts';
import { z } from 'zod';
import { consoleDecimal, fieldIssue } from './fields.ts';
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

/** PUT /api/v1/admin/referral/settings/ (read as every console decimal is: a comma or a point, spaces in between). */
export const referralSettingsBody = z.object({
  percent: consoleDecimal({
    percent: true,
    min: '0',
    max: '50',
    dp: 4,
    description: 'percent of each completed claim of an invited customer, 0..50, at most 4 decimal places',
  }),
  // Above zero: a minimum of 0 would let a partner ask for nothing ("available once the balance reaches 0.00").
  minWithdrawal: consoleDecimal({
    positive: true,
    max: '100000',
    dp: 2,
    description: 'the smallest payout request, USDT, above 0, at most 2 decimal places',
  }),
});
