import './zod-config.ts';
import { z } from 'zod';
import { isDecimal } from '../exchange/calculator.ts';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/** The referral programme's calls (SPEC §7 `users/me/refferal/...`, spelled as the spec spells them). */

const decimal = z.string().describe('decimal string, e.g. "12.50"');

export const referralSummarySchema = z.object({
  code: z.string(),
  link: z.string().describe('the site address with ?ref=CODE'),
  invited: z.number().int().describe('customers who signed up with the code'),
  balance: decimal,
  percent: decimal.describe('share of each completed claim of an invited customer, in percent'),
  currency: z.string().describe('what the balance is kept and paid in'),
  minWithdrawal: decimal,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const dwKinds = ['deposit', 'withdrawal', 'return'] as const;

export const dwItemSchema = z.object({
  id: z.number().int(),
  date: z.string().describe('ISO time'),
  kind: z.enum(dwKinds).describe('deposit: accrual for a claim; withdrawal: a payout request; return: a rejected one'),
  amount: decimal.describe('signed: withdrawals are negative'),
  claim: z
    .string()
    .nullable()
    .describe(
      "the accrual's claim number (first 8 characters of its id, upper case); never the id, which opens the claim",
    ),
  withdrawal: z.number().int().nullable(),
  status: z.enum(['pending', 'paid', 'rejected']).nullable().describe('of the withdrawal, for withdrawal rows'),
});
export const dwPageSchema = listOf(dwItemSchema);
export type DwItem = z.infer<typeof dwItemSchema>;

const dateParam = (locale: Locale) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: fieldMessage('field_invalid_date', locale) })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: fieldMessage('field_invalid_date', locale),
      },
    )
    .optional();

/** `?page&size&date_from&date_to`: dates as YYYY-MM-DD, both inclusive (UTC days). */
export function dwQuery(locale: Locale) {
  return paginationQuery(20).extend({ date_from: dateParam(locale), date_to: dateParam(locale) });
}

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: decimal,
  requisites: z.string(),
  status: z.enum(['pending', 'paid', 'rejected']),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const withdrawalPageSchema = listOf(withdrawalSchema);
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const maxRequisitesLength = 256;

/** The withdrawal form: the amount is a decimal string (a JSON number is refused, DESIGN §4), up to 2 places. */
export function withdrawalCreateSchema(locale: Locale) {
  const required = fieldMessage('field_required', locale);
  return z.object(
    {
      amount: z
        .unknown()
        .refine((v) => v !== undefined && v !== null && v !== '', { error: required })
        .refine((v) => v === undefined || v === null || v === '' || (isDecimal(v) && v.length <= 40), {
          error: fieldMessage('field_invalid_amount', locale),
        })
        .refine((v) => !isDecimal(v) || !/\.\d{3,}$/.test(v), {
          error: fieldMessage('field_amount_decimals', locale, { dp: 2 }),
        })
        .transform((v) => v as string),
      requisites: z
        .string({ error: required })
        .trim()
        .min(1, { error: required })
        .max(maxRequisitesLength, { error: fieldMessage('field_too_long', locale, { max: maxRequisitesLength }) }),
    },
    { error: fieldMessage('field_invalid_body', locale) },
  );
}
export type WithdrawalCreateInput = z.output<ReturnType<typeof withdrawalCreateSchema>>;
