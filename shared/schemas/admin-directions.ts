import './zod-config.ts';
import Big from 'big.js';
import { z } from 'zod';
import { isDecimal } from '../exchange/calculator.ts';
import { inputKinds } from '../exchange/requisites.ts';
import type { Locale } from '../locales.ts';
import { currencyKindValues } from './exchange.ts';
import { fieldMessage } from './fields.ts';
import { listOf } from './pagination.ts';

/**
 * Contracts of the console's directions section (issue 6 §3): currencies (with their requisite inputs) and directions
 * created and edited, directions' courses and limits, currencies' reserves.
 */

const localized = z.object({ ru: z.string(), en: z.string() });

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
  /** Decimal places of the calculator on each side (the pair's `roundCalculator`). */
  fromRound: z.number().int(),
  toRound: z.number().int(),
  /** What the calculator shows under each side (the pair's `notify`), per language. */
  fromNotify: localized,
  toNotify: localized,
  /** Minutes an unpaid claim holds its rate; null = the site's payment window. */
  paymentWindowMinutes: z.number().int().nullable(),
  position: z.number().int(),
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
  logo: z.string(),
  reserve: z.string(),
  sendVisible: z.boolean(),
  receiveVisible: z.boolean(),
});
export type AdminCurrency = z.infer<typeof adminCurrencySchema>;
export const adminCurrencyListSchema = z.object({ results: z.array(adminCurrencySchema) });

/** One requisite input as stored and edited (`RequisiteInput` of shared/exchange/requisites.ts). */
export const requisiteInputSchema = z.object({
  name: z.string().describe('safe identifier: claims store values by it; field errors are fromRequisites.<name>'),
  label: localized,
  visible: z.boolean(),
  required: z.boolean(),
  kind: z.enum(inputKinds),
  pattern: z.string().nullable().describe('an extra regular expression (anchored, Unicode) the value must match'),
  example: z.string().describe('the placeholder; must pass the input’s own rules'),
});

/** A currency as `GET /api/v1/admin/currencies/{id}/` gives it: every field the editor changes, both languages. */
export const adminCurrencyDetailSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localized,
  kind: z.enum(currencyKindValues),
  symbol: z.string(),
  network: z.string().nullable(),
  decimals: z.number().int(),
  logo: z.string(),
  sendVisible: z.boolean(),
  receiveVisible: z.boolean(),
  city: z.string().nullable(),
  position: z.number().int(),
  fromInputs: z.array(requisiteInputSchema),
  toInputs: z.array(requisiteInputSchema),
  reserve: z.string(),
  updatedAt: z.string(),
});
export type AdminCurrencyDetail = z.infer<typeof adminCurrencyDetailSchema>;

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

/** A whole number in [min, max]; with `nullable`, '' and null clear it. Strings of digits (a form's value) count. */
function intField(locale: Locale, min: number, max: number, nullable = false) {
  const message = fieldMessage('field_number_range', locale, { min, max });
  return z
    .unknown()
    .transform((v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v))
    .refine((v) => (v === null && nullable) || (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max), {
      error: message,
    })
    .transform((v) => v as number);
}
const nullableInt = (locale: Locale, min: number, max: number) =>
  intField(locale, min, max, true).transform((v) => v as number | null);

/** Text in both languages, each at most `max` characters; `required` asks for both. */
function localizedField(locale: Locale, max: number, required = false) {
  const text = z
    .string({ error: fieldMessage('field_required', locale) })
    .trim()
    .max(max, { error: fieldMessage('field_too_long', locale, { max }) })
    .refine((v) => !required || v.length > 0, { error: fieldMessage('field_required', locale) });
  // A missing object is what an operator sees as a missing field.
  return z.object({ ru: text, en: text }, { error: fieldMessage('field_required', locale) });
}

/** Decimal places of amounts (a currency's precision, a direction side's rounding): 0..18, as numeric(36,18) keeps. */
export const decimalsLimits = { min: 0, max: 18 } as const;
export const positionLimits = { min: 0, max: 100_000 } as const;
export const directionPaymentWindowLimits = { min: 1, max: 1440 } as const;

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
      fromRound: intField(locale, decimalsLimits.min, decimalsLimits.max),
      toRound: intField(locale, decimalsLimits.min, decimalsLimits.max),
      fromNotify: localizedField(locale, 500),
      toNotify: localizedField(locale, 500),
      paymentWindowMinutes: nullableInt(locale, directionPaymentWindowLimits.min, directionPaymentWindowLimits.max),
      position: intField(locale, positionLimits.min, positionLimits.max),
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
    fromRound: z.number().int().describe('decimal places of the send side, 0..18 (at most the currency’s decimals)'),
    toRound: z.number().int().describe('decimal places of the receive side, 0..18 (at most the currency’s decimals)'),
    fromNotify: localized.describe('shown under the send side of the calculator'),
    toNotify: localized.describe('shown under the receive side of the calculator'),
    paymentWindowMinutes: z.number().int().nullable().describe('1..1440; null = the site’s payment window'),
    position: z.number().int().describe('order in lists, 0..100000'),
  })
  .partial();

/**
 * `POST /api/v1/admin/directions/`: the two currencies (distinct; the pair not there yet, checked by the service) and
 * the course mode are required; everything else as in the edit, defaulting to no limits, no markup or bonus, the
 * currencies' decimals as rounding, the site's payment window, on.
 */
export function directionCreateBody(locale: Locale) {
  const currency = z
    .number({ error: fieldMessage('field_invalid_choice', locale) })
    .int()
    .positive();
  return directionPatchBody(locale)
    .extend({
      fromCurrencyId: currency,
      toCurrencyId: currency,
      courseMode: z.enum(['manual', 'source'], { error: fieldMessage('field_invalid_choice', locale) }),
    })
    .superRefine((v, ctx) => {
      if (v.fromCurrencyId === v.toCurrencyId) {
        ctx.addIssue({ code: 'custom', path: ['toCurrencyId'], message: fieldMessage('field_same_currency', locale) });
      }
    });
}
export type DirectionCreateInput = z.infer<ReturnType<typeof directionCreateBody>>;
export const directionCreateDoc = directionPatchDoc.extend({
  fromCurrencyId: z.number().int(),
  toCurrencyId: z.number().int(),
  courseMode: z.enum(['manual', 'source']),
});

/** Input names: claims store values by them and field errors are `fromRequisites.<name>`, so a safe identifier. */
export const inputNamePattern = /^[a-z][a-z0-9_]{0,31}$/;
const maxInputs = 12;

/** True when `pattern` compiles as the checker uses it (anchored, Unicode). */
function compiles(pattern: string): boolean {
  try {
    new RegExp(`^(?:${pattern})$`, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * One side's requisite inputs, in the order the form shows them. Names unique per side. Whether each example passes
 * its own input's rules depends on the currency's network: the service checks that on the merged currency.
 */
export function requisiteInputsField(locale: Locale) {
  const invalid = fieldMessage('field_invalid_choice', locale);
  const input = z.object(
    {
      name: z
        .string({ error: fieldMessage('field_required', locale) })
        .trim()
        .regex(inputNamePattern, { error: fieldMessage('field_input_name', locale) }),
      label: localizedField(locale, 120, true),
      visible: z.boolean({ error: invalid }).default(true),
      required: z.boolean({ error: invalid }).default(true),
      kind: z.enum(inputKinds, { error: invalid }),
      // Left out means none: optional first (zod 4 refuses a missing key a bare transform would accept).
      pattern: z
        .unknown()
        .transform((v) => (v === '' ? null : v))
        .refine((v) => v === null || (typeof v === 'string' && v.length <= 200 && compiles(v)), {
          error: fieldMessage('field_invalid_pattern', locale),
        })
        .optional()
        .transform((v) => (v ?? null) as string | null),
      example: z
        .string({ error: fieldMessage('field_required', locale) })
        .trim()
        .min(1, { error: fieldMessage('field_required', locale) })
        .max(256, { error: fieldMessage('field_too_long', locale, { max: 256 }) }),
    },
    { error: fieldMessage('field_invalid_body', locale) },
  );
  return z
    .array(input, { error: fieldMessage('field_invalid_body', locale) })
    .max(maxInputs, { error: fieldMessage('field_too_many_inputs', locale, { max: maxInputs }) })
    .superRefine((inputs, ctx) => {
      const seen = new Set<string>();
      inputs.forEach((i, n) => {
        if (seen.has(i.name)) {
          ctx.addIssue({ code: 'custom', path: [n, 'name'], message: fieldMessage('field_input_name_taken', locale) });
        }
        seen.add(i.name);
      });
    });
}

/** A logo: a file under the site's /currencies/ folder, or an https address (the page's CSP then allows its origin). */
export const logoPattern = /^\/currencies\/[a-z0-9][a-z0-9._-]{0,80}\.(svg|png|webp)$/;
export function isLogo(v: string): boolean {
  if (logoPattern.test(v)) return true;
  if (v.length > 500 || !URL.canParse(v)) return false;
  const url = new URL(v);
  return url.protocol === 'https:' && !url.username && !url.password;
}

/**
 * `POST /api/v1/admin/currencies/` (code, names, kind, symbol, decimals and logo required) and, partial,
 * `PUT /api/v1/admin/currencies/{id}/`. Rules across fields (a cash currency's city, examples against the network,
 * decimals against the directions' rounding, a taken code) are the service's, on the currency as it would be.
 */
function currencyShape(locale: Locale) {
  const required = fieldMessage('field_required', locale);
  const choice = fieldMessage('field_invalid_choice', locale);
  const code = (max: number, example: string) =>
    z
      .string({ error: required })
      .trim()
      .toUpperCase()
      .regex(new RegExp(`^[A-Z0-9]{2,${max}}$`), { error: fieldMessage('field_invalid_format', locale, { example }) });
  const optionalCode = (max: number, example: string) =>
    z.preprocess((v) => (v === '' ? null : v), code(max, example).nullable());
  return {
    code: code(20, 'USDTTRC20'),
    name: localizedField(locale, 100, true),
    kind: z.enum(currencyKindValues, { error: choice }),
    symbol: code(10, 'USDT'),
    network: optionalCode(20, 'TRC20'),
    decimals: intField(locale, decimalsLimits.min, decimalsLimits.max),
    logo: z
      .string({ error: required })
      .trim()
      .refine(isLogo, { error: fieldMessage('field_invalid_logo', locale) }),
    sendVisible: z.boolean({ error: choice }),
    receiveVisible: z.boolean({ error: choice }),
    city: optionalCode(10, 'MSK'),
    position: intField(locale, positionLimits.min, positionLimits.max),
    fromInputs: requisiteInputsField(locale),
    toInputs: requisiteInputsField(locale),
  };
}
export function currencyCreateBody(locale: Locale) {
  const f = currencyShape(locale);
  return z.object(
    {
      ...f,
      network: f.network.optional(),
      sendVisible: f.sendVisible.optional(),
      receiveVisible: f.receiveVisible.optional(),
      city: f.city.optional(),
      position: f.position.optional(),
      fromInputs: f.fromInputs.optional(),
      toInputs: f.toInputs.optional(),
    },
    { error: fieldMessage('field_invalid_body', locale) },
  );
}
export type CurrencyCreateInput = z.infer<ReturnType<typeof currencyCreateBody>>;
export const currencyPatchBody = (locale: Locale) =>
  z.object(currencyShape(locale), { error: fieldMessage('field_invalid_body', locale) }).partial();
export type CurrencyInput = z.infer<ReturnType<typeof currencyPatchBody>>;
const currencyDocFields = adminCurrencyDetailSchema.omit({ id: true, reserve: true, updatedAt: true });
export const currencyCreateDoc = currencyDocFields.partial().required({
  code: true,
  name: true,
  kind: true,
  symbol: true,
  decimals: true,
  logo: true,
});
export const currencyPatchDoc = currencyDocFields.partial();

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
