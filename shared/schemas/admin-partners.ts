import './zod-config.ts';
import Big from 'big.js';
import { z } from 'zod';
import { isDecimal } from '../exchange/calculator.ts';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';
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
export function adminWithdrawalsQuery(locale: Locale) {
  return paginationQuery(25).extend({
    status: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(withdrawalStatusValues, { error: fieldMessage('field_invalid_choice', locale) }).optional(),
    ),
  });
}

function requiredText(locale: Locale, max: number) {
  const required = fieldMessage('field_required', locale);
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: fieldMessage('field_too_long', locale, { max }) });
}

/** Paying: the payout's reference (transaction hash, transfer number) is required; the partner sees it. */
export const withdrawalPayBody = (locale: Locale) => z.object({ reference: requiredText(locale, 200) });
/** Rejecting: the reason is required; the partner sees it, and the amount returns to their balance. */
export const withdrawalRejectBody = (locale: Locale) => z.object({ reason: requiredText(locale, 500) });
export const withdrawalPayDoc = z.object({ reference: z.string().max(200) });
export const withdrawalRejectDoc = z.object({ reason: z.string().max(500) });

/** The programme's settings the operator edits: the accrual percent and the smallest payout (USDT). */
export const referralSettingsSchema = z.object({
  percent: z.string().describe('percent of each completed claim of an invited customer, 0..50'),
  minWithdrawal: z.string().describe('the smallest payout request, USDT'),
});
export type ReferralSettingsInput = z.infer<typeof referralSettingsSchema>;

export function referralSettingsBody(locale: Locale) {
  const decimal = (max: string, dp: number) =>
    z
      .unknown()
      .refine((v) => isDecimal(v) && (v as string).length <= 20, {
        error: fieldMessage('field_invalid_amount', locale),
      })
      .refine((v) => !isDecimal(v) || !new RegExp(`\\.\\d{${dp + 1},}$`).test(v), {
        error: fieldMessage('field_amount_decimals', locale, { dp }),
      })
      .refine((v) => !isDecimal(v) || new Big(v).lte(max), {
        error: fieldMessage('field_amount_max', locale, { max }),
      })
      .transform((v) => v as string);
  return z.object({ percent: decimal('50', 4), minWithdrawal: decimal('100000', 2) });
}
