import './zod-config.ts';
import { z } from 'zod';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/** Contracts of the console's payment-details pool (issue 6 §3): where customers pay, per currency, in rotation. */

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

export function paymentDetailsQuery(locale: Locale) {
  return paginationQuery(50).extend({
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{2,20}$/, { error: fieldMessage('field_invalid_choice', locale) })
      .transform((v) => v.toUpperCase())
      .optional(),
    active: z.enum(['true', 'false'], { error: fieldMessage('field_invalid_choice', locale) }).optional(),
  });
}
export type PaymentDetailsQuery = z.infer<ReturnType<typeof paymentDetailsQuery>>;

/** Optional text: trimmed; '' / null / absent = null. */
function optional(locale: Locale, max: number) {
  return z
    .string({ error: fieldMessage('field_invalid_body', locale) })
    .trim()
    .max(max, { error: fieldMessage('field_too_long', locale, { max }) })
    .nullish()
    .transform((v) => v || null);
}

function required(locale: Locale, max: number) {
  const message = fieldMessage('field_required', locale);
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: fieldMessage('field_too_long', locale, { max }) });
}

/**
 * A detail's own fields. The value's shape depends on the currency (card number, address of its network, IBAN...):
 * the service checks it once it knows the currency. Russian label required; an empty English one shows the Russian.
 */
export function paymentDetailFields(locale: Locale) {
  return z.object({
    label: z.object(
      {
        ru: required(locale, 120),
        en: z
          .string()
          .trim()
          .max(120, { error: fieldMessage('field_too_long', locale, { max: 120 }) })
          .optional()
          .transform((v) => v ?? ''),
      },
      { error: fieldMessage('field_required', locale) },
    ),
    value: required(locale, 256),
    holder: optional(locale, 120),
    memo: optional(locale, 120),
  });
}
export type PaymentDetailFields = z.infer<ReturnType<typeof paymentDetailFields>>;

export function paymentDetailCreateBody(locale: Locale) {
  return paymentDetailFields(locale).extend({
    currencyId: z.number({ error: fieldMessage('field_invalid_choice', locale) }).int(),
  });
}
export type PaymentDetailCreateInput = z.infer<ReturnType<typeof paymentDetailCreateBody>>;

/** Switching a detail on or off; `confirm` switches off the last active detail of a currency that has directions. */
export function paymentDetailActiveBody(locale: Locale) {
  return z.object({
    active: z.boolean({ error: fieldMessage('field_invalid_choice', locale) }),
    confirm: z.boolean({ error: fieldMessage('field_invalid_choice', locale) }).optional(),
  });
}
export type PaymentDetailActiveInput = z.infer<ReturnType<typeof paymentDetailActiveBody>>;

export const paymentDetailFieldsDoc = z.object({
  label: localized.describe('what the claim page calls it ("Sberbank card"); en may be empty (ru is shown)'),
  value: z.string().describe("card number, address, IBAN, phone...: checked like the currency's own requisites"),
  holder: z.string().nullable().describe('account holder, if any'),
  memo: z.string().nullable().describe('memo/tag some networks need (TON)'),
});
export const paymentDetailCreateDoc = paymentDetailFieldsDoc.extend({ currencyId: z.number().int() });
export const paymentDetailActiveDoc = z.object({
  active: z.boolean(),
  confirm: z
    .boolean()
    .optional()
    .describe('true switches off the last active detail of a currency with active directions (409 otherwise)'),
});
