import './zod-config.ts';
import Big from 'big.js';
import { z } from 'zod';
import { isDecimal } from '../exchange/calculator.ts';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';
import { listOf } from './pagination.ts';

/** Contracts of the console's directions section (issue 6 §3): directions' courses and limits, currencies' reserves. */

const side = z.object({ id: z.number().int(), code: z.string(), name: z.string(), symbol: z.string() });

export const adminDirectionSchema = z.object({
  id: z.number().int(),
  from: side,
  to: side,
  courseMode: z.enum(['manual', 'source']),
  courseManual: z.string().nullable(),
  rateSource: z.string().nullable(),
  sourceRate: z.string().nullable(),
  sourceUpdatedAt: z.string().nullable(),
  markupPercent: z.string(),
  bonusPercent: z.string(),
  /** Minutes a source rate stays usable; null = never stale. */
  maxRateAgeMinutes: z.number().int().nullable(),
  /** The source rate is older than its limit: the direction takes no claims until a fresh rate arrives. */
  stale: z.boolean(),
  /** What a guest is offered now (manual, or the source lowered by the markup); null = not priced, not offered. */
  course: z.string().nullable(),
  fromMin: z.string().nullable(),
  fromMax: z.string().nullable(),
  toMin: z.string().nullable(),
  toMax: z.string().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AdminDirection = z.infer<typeof adminDirectionSchema>;
export const adminDirectionListSchema = z.object({ results: z.array(adminDirectionSchema) });

export const adminCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  symbol: z.string(),
  network: z.string().nullable(),
  decimals: z.number().int(),
  reserve: z.string(),
  sendVisible: z.boolean(),
  receiveVisible: z.boolean(),
});
export type AdminCurrency = z.infer<typeof adminCurrencySchema>;
export const adminCurrencyListSchema = z.object({ results: z.array(adminCurrencySchema) });

export const reserveChangeSchema = z.object({
  id: z.number().int(),
  delta: z.string(),
  reserveAfter: z.string(),
  reason: z.string(),
  actor: z.string(),
  at: z.string(),
});
export type ReserveChange = z.infer<typeof reserveChangeSchema>;
export const reserveHistoryPageSchema = listOf(reserveChangeSchema);

/** A decimal string field: `signed` allows a leading minus; `min`/`max` bound it (compared with big.js). */
function decimalField(locale: Locale, opts: { signed?: boolean; min?: string; max?: string; positive?: boolean } = {}) {
  const invalid = fieldMessage('field_invalid_amount', locale);
  return z
    .unknown()
    .refine((v) => typeof v === 'string' && v.length <= 40 && isDecimal(opts.signed ? v.replace(/^-/, '') : v), {
      error: invalid,
    })
    .transform((v) => v as string)
    .refine((v) => !opts.positive || new Big(v).gt(0), { error: invalid })
    .refine((v) => opts.min === undefined || new Big(v).gte(opts.min), {
      error: fieldMessage('field_amount_min', locale, { min: opts.min ?? '' }),
    })
    .refine((v) => opts.max === undefined || new Big(v).lte(opts.max), {
      error: fieldMessage('field_amount_max', locale, { max: opts.max ?? '' }),
    });
}
/** The same, or null: '' and null clear the value (no limit). Not a zod union: its error would be a generic one. */
const nullableDecimal = (locale: Locale, opts: Parameters<typeof decimalField>[1] = {}) =>
  z
    .unknown()
    .transform((v) => (v === '' || v === undefined ? null : v))
    .superRefine((v, ctx) => {
      if (v === null) return;
      const checked = decimalField(locale, opts).safeParse(v);
      if (!checked.success)
        for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    })
    .transform((v) => v as string | null);

/**
 * `PUT /api/v1/admin/directions/{id}/`: any of the fields; what is left out stays. Cross-field rules (min <= max, a
 * manual course for manual mode, a source for source mode) are checked by the service against the merged result.
 */
export function directionPatchBody(locale: Locale) {
  return z
    .object({
      courseMode: z.enum(['manual', 'source'], { error: fieldMessage('field_invalid_choice', locale) }),
      courseManual: nullableDecimal(locale, { positive: true }),
      rateSource: z.preprocess(
        (v) => (v === '' ? null : v),
        z
          .string()
          .regex(/^(binance|cbr|ecb):[A-Z0-9]{2,20}$/, { error: fieldMessage('field_invalid_format', locale) })
          .nullable(),
      ),
      markupPercent: decimalField(locale, { signed: true, min: '-50', max: '50' }),
      bonusPercent: decimalField(locale, { min: '0', max: '50' }),
      fromMin: nullableDecimal(locale, { min: '0' }),
      fromMax: nullableDecimal(locale, { positive: true }),
      toMin: nullableDecimal(locale, { min: '0' }),
      toMax: nullableDecimal(locale, { positive: true }),
      active: z.boolean({ error: fieldMessage('field_invalid_choice', locale) }),
      maxRateAgeMinutes: z
        .unknown()
        .transform((v) => (v === '' || v === undefined ? null : v))
        .refine((v) => v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10_080), {
          error: fieldMessage('field_invalid_integer', locale),
        })
        .transform((v) => v as number | null),
    })
    .partial();
}
export type DirectionPatchInput = z.infer<ReturnType<typeof directionPatchBody>>;
export const directionPatchDoc = z
  .object({
    courseMode: z.enum(['manual', 'source']),
    courseManual: z.string().nullable(),
    rateSource: z.string().nullable().describe('binance:SYMBOL, cbr:USD, ecb:USD'),
    markupPercent: z.string(),
    bonusPercent: z.string(),
    fromMin: z.string().nullable(),
    fromMax: z.string().nullable(),
    toMin: z.string().nullable(),
    toMax: z.string().nullable(),
    active: z.boolean(),
    maxRateAgeMinutes: z
      .number()
      .int()
      .nullable()
      .describe('minutes a source rate stays usable, 1..10080; null = never stale'),
  })
  .partial();

/** `POST /api/v1/admin/currencies/{id}/reserve/`: a signed change and why (kept in the reserve's history). */
export function reserveChangeBody(locale: Locale) {
  const required = fieldMessage('field_required', locale);
  return z.object({
    delta: decimalField(locale, { signed: true }).refine((v) => !new Big(v).eq(0), {
      error: fieldMessage('field_invalid_amount', locale),
    }),
    reason: z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(500, { error: fieldMessage('field_too_long', locale, { max: 500 }) }),
  });
}
export const reserveChangeDoc = z.object({
  delta: z.string().describe('signed decimal string: "1500" adds, "-200.5" takes away'),
  reason: z.string().max(500),
});
