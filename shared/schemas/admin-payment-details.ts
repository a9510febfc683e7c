import './zod-config.ts';
import { z } from 'zod';
import { fieldIssue } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/**
 * Contracts of the console's payment-details pool (issue 6 §3): where customers pay, per currency, in rotation. Messages
 * are catalogue codes, translated at the edge (docs/decisions/0013-contracts.md).
 */

const localized = z.object({ ru: z.string(), en: z.string() });

const currencyRef = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  network: z.string().nullable(),
});

export const adminPaymentDetailSchema = z.object({
  id: z.number().int(),
  currency: currencyRef,
  label: localized,
  value: z.string(),
  holder: z.string().nullable(),
  memo: z.string().nullable(),
  /** Off: out of the rotation; claims that showed it keep their copy. */
  active: z.boolean(),
  /** Claims it was handed to. */
  usageCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;
export const adminPaymentDetailPageSchema = listOf(adminPaymentDetailSchema);

/**
 * Each currency with how many active details it has and how many active directions pay in it: a currency with
 * directions and no details refuses new claims (`uncovered`).
 */
export const paymentCoverageSchema = z.object({
  results: z.array(
    currencyRef.extend({
      activeDetails: z.number().int(),
      activeDirections: z.number().int(),
      uncovered: z.boolean(),
    }),
  ),
});
export type PaymentCoverage = z.infer<typeof paymentCoverageSchema>['results'][number];

/** `?currency&active&page&size` of the pool's list. */
export const paymentDetailsQuery = paginationQuery(50).extend({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,20}$/, { error: fieldIssue('field_invalid_choice') })
    .transform((v) => v.toUpperCase())
    .optional()
    .describe('a currency code (SBERRUB, USDTTRC20, ...)'),
  active: z.enum(['true', 'false'], { error: fieldIssue('field_invalid_choice') }).optional(),
});
export type PaymentDetailsQuery = z.infer<typeof paymentDetailsQuery>;

/** Optional text: trimmed; '' / null / absent = null. */
function optional(max: number) {
  return z
    .string({ error: fieldIssue('field_invalid_body') })
    .trim()
    .max(max, { error: fieldIssue('field_too_long', { max }) })
    .nullish()
    .transform((v) => v || null);
}

function required(max: number) {
  const message = fieldIssue('field_required');
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: fieldIssue('field_too_long', { max }) });
}

/**
 * A detail's own fields. The value's shape depends on the currency (card number, address of its network, IBAN...):
 * the service checks it once it knows the currency. Russian label required; an empty English one shows the Russian.
 */
export const paymentDetailFields = z.object({
  label: z
    .object(
      {
        ru: required(120),
        en: z
          .string()
          .trim()
          .max(120, { error: fieldIssue('field_too_long', { max: 120 }) })
          .optional()
          .transform((v) => v ?? ''),
      },
      { error: fieldIssue('field_required') },
    )
    .describe('what the claim page calls it ("Sberbank card"); en may be empty (ru is shown)'),
  value: required(256).describe("card number, address, IBAN, phone...: checked like the currency's own requisites"),
  holder: optional(120).describe('account holder, if any'),
  memo: optional(120).describe('memo/tag some networks need (TON)'),
});
export type PaymentDetailFields = z.infer<typeof paymentDetailFields>;

export const paymentDetailCreateBody = paymentDetailFields.extend({
  currencyId: z.number({ error: fieldIssue('field_invalid_choice') }).int(),
});
export type PaymentDetailCreateInput = z.infer<typeof paymentDetailCreateBody>;

/** Switching a detail on or off; `confirm` switches off the last active detail of a currency that has directions. */
export const paymentDetailActiveBody = z.object({
  active: z.boolean({ error: fieldIssue('field_invalid_choice') }),
  confirm: z
    .boolean({ error: fieldIssue('field_invalid_choice') })
    .optional()
    .describe('true switches off the last active detail of a currency with active directions (409 otherwise)'),
});
export type PaymentDetailActiveInput = z.infer<typeof paymentDetailActiveBody>;
