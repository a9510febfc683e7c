import './zod-config.ts';
import { z } from 'zod';
import { fitsMoneyColumn, isDecimal } from '../exchange/calculator.ts';
import { withdrawalAddressIssue, withdrawalNetwork } from '../exchange/payout-address.ts';
import { dayField, fieldIssue } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/** The referral programme's calls (docs/product/api.md `users/me/refferal/...`, spelled as the spec spells them). */

/**
 * Why a claim earns its partner nothing (docs/decisions/0017): made from the partner's own account, with the partner's
 * own e-mail, or from a browser or an IP address of the partner's own sessions of the last 30 days.
 */
export const selfReferralReasons = ['own_account', 'own_email', 'same_device', 'same_ip'] as const;
export type SelfReferralReason = (typeof selfReferralReasons)[number];

const decimal = z.string().describe('decimal string, e.g. "12.50"');

export const referralSummarySchema = z.object({
  code: z.string(),
  link: z.string().describe('the site address with ?ref=CODE'),
  invited: z
    .number()
    .int()
    .describe('customers who signed up with the code or made a claim credited to the partner, each counted once'),
  balance: decimal,
  percent: decimal.describe('share of each completed claim of an invited customer, in percent'),
  currency: z.string().describe('what the balance is kept and paid in'),
  minWithdrawal: decimal,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

const dwKinds = ['deposit', 'withdrawal', 'return'] as const;

const dwItemSchema = z.object({
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

const dateParam = dayField().optional();

/** `?page&size&date_from&date_to`: dates as YYYY-MM-DD, both inclusive (UTC days); a range may not run backwards. */
export const dwQuery = paginationQuery(20)
  .extend({ date_from: dateParam, date_to: dateParam })
  .refine((q) => !(q.date_from && q.date_to && q.date_from > q.date_to), {
    path: ['date_to'],
    error: fieldIssue('field_date_before_start'),
  });

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

/** `?page&size` of the customer's withdrawal requests. */
export const withdrawalsQuery = paginationQuery(20);

export const maxRequisitesLength = 256;

/** The withdrawal form: the amount is a decimal string (a JSON number is refused, docs/money.md), up to 2 places. */
const withdrawalRequired = fieldIssue('field_required');
export const withdrawalCreateSchema = z.strictObject(
  {
    amount: z
      .unknown()
      .refine((v) => v !== undefined && v !== null && v !== '', { error: withdrawalRequired })
      .refine((v) => v === undefined || v === null || v === '' || isDecimal(v), {
        error: fieldIssue('field_invalid_amount'),
      })
      .refine((v) => !isDecimal(v) || fitsMoneyColumn(v), { error: fieldIssue('field_amount_too_large') })
      .refine((v) => !isDecimal(v) || !/\.\d{3,}$/.test(v), { error: fieldIssue('field_amount_decimals', { dp: 2 }) })
      .transform((v) => v as string)
      .meta({ type: 'string', description: 'a decimal string, at most 2 places ("150.00"); a JSON number is refused' }),
    requisites: z
      .string({ error: withdrawalRequired })
      .trim()
      .min(1, { error: withdrawalRequired })
      .max(maxRequisitesLength, { error: fieldIssue('field_too_long', { max: maxRequisitesLength }) })
      // The payout goes to a USDT TRC20 wallet: anything else ("TXYZ") once reserved the balance against details the
      // operator could not pay to. Checked here so the API and the form (withdrawal-check.ts) give the same message.
      .superRefine((value, ctx) => {
        const issue = value === '' || value.length > maxRequisitesLength ? null : withdrawalAddressIssue(value);
        if (issue) ctx.addIssue({ code: 'custom', message: issue });
      })
      .meta({ description: `the ${withdrawalNetwork} wallet address the payout is sent to` }),
  },
  { error: fieldIssue('field_invalid_body') },
);
export type WithdrawalCreateInput = z.output<typeof withdrawalCreateSchema>;
