import './zod-config.ts';
import Big from 'big.js';
import { z } from 'zod';
import { isDecimal } from '../exchange/calculator.ts';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/** Contracts of the console's promocodes (issue 6 §5). */

export const adminPromocodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discountPercent: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usesCount: z.number().int(),
  perCustomer: z.number().int().nullable(),
  /** E-mails of the customers the code is assigned to (only they may use it); empty for anyone. */
  assignedTo: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminPromocode = z.infer<typeof adminPromocodeSchema>;
export const adminPromocodePageSchema = listOf(adminPromocodeSchema);
export const adminPromocodesQuery = paginationQuery(25);

/** A date-time the operator typed (ISO, or YYYY-MM-DD meaning midnight UTC); '' or null = open-ended. */
function moment(locale: Locale) {
  return z
    .unknown()
    .transform((v) => (v === '' || v === undefined ? null : v))
    .refine((v) => v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v))), {
      error: fieldMessage('field_invalid_date', locale),
    })
    .transform((v) => (v === null ? null : new Date(v as string)));
}

function count(locale: Locale) {
  const message = fieldMessage('field_invalid_integer', locale);
  return z
    .unknown()
    .transform((v) => (v === '' || v === undefined ? null : v))
    .refine((v) => v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 1_000_000), {
      error: message,
    })
    .transform((v) => v as number | null);
}

/** Most customers one code may be assigned to: a campaign for more is a public code with a per-customer limit. */
const maxAssigned = 500;

/**
 * The customers a code is for: a list of e-mails, or one string of them separated by commas, semicolons, spaces or
 * new lines (what a pasted column looks like); null or empty = anyone. Lower-cased, each once. Malformed ones are
 * named in the message; whether each is a customer is the server's check (field_unknown_customers).
 */
function customerEmails(locale: Locale) {
  return z.unknown().transform((v, ctx) => {
    const items = v === null || v === undefined ? [] : Array.isArray(v) ? v : typeof v === 'string' ? [v] : null;
    if (!items || items.some((i) => typeof i !== 'string')) {
      ctx.addIssue({ code: 'custom', message: fieldMessage('field_invalid_email', locale) });
      return z.NEVER;
    }
    const emails = [
      ...new Set(
        (items as string[])
          .flatMap((i) => i.split(/[\s,;]+/))
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const bad = emails.filter((e) => !z.email().safeParse(e).success);
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: fieldMessage('field_invalid_emails', locale, { emails: bad.join(', ') }),
      });
    } else if (emails.length > maxAssigned) {
      ctx.addIssue({ code: 'custom', message: fieldMessage('field_too_many', locale, { max: maxAssigned }) });
    }
    return emails;
  });
}

export function promocodeBody(locale: Locale) {
  const required = fieldMessage('field_required', locale);
  return z
    .object({
      code: z
        .string({ error: required })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, { error: fieldMessage('field_invalid_format', locale) }),
      discountPercent: z
        .unknown()
        .refine((v) => isDecimal(v) && new Big(v).gt(0) && new Big(v).lte(50), {
          error: fieldMessage('field_amount_max', locale, { max: '50' }),
        })
        .transform((v) => v as string),
      validFrom: moment(locale),
      validTo: moment(locale),
      maxUses: count(locale),
      perCustomer: count(locale),
      assignedTo: customerEmails(locale),
      active: z.boolean({ error: fieldMessage('field_invalid_choice', locale) }),
    })
    .superRefine((v, ctx) => {
      if (v.validFrom && v.validTo && v.validFrom > v.validTo) {
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: fieldMessage('field_invalid_date', locale) });
      }
    });
}
export type PromocodeInput = z.infer<ReturnType<typeof promocodeBody>>;
export const promocodeBodyDoc = z.object({
  code: z.string().describe('3-32 letters, digits or hyphens; stored upper-case'),
  discountPercent: z.string().describe('improves the course by this percent, 0 < x <= 50'),
  validFrom: z.string().nullable().describe('ISO date-time; null = from now'),
  validTo: z.string().nullable(),
  maxUses: z.number().int().nullable().describe('uses across everyone; null = unlimited'),
  perCustomer: z.number().int().nullable().describe('uses per customer; null = unlimited'),
  assignedTo: z
    .array(z.string())
    .describe('e-mails of the only customers who may use it (empty = anyone); a string of them is accepted too'),
  active: z.boolean(),
});
