import './zod-config.ts';
import { z } from 'zod';
import { dayMs, typedInstant, wallClockTime } from '../format.ts';
import { asciiEmail, consoleDecimal, dateIssue, fieldIssue, isEmail, nullableWholeNumber } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/**
 * Contracts of the console's promocodes (issue 6 §5). Messages are catalogue codes, translated at the edge
 * (docs/decisions/0013-contracts.md).
 */

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

/**
 * The fields below take `unknown` to answer our own field message for any wrong type (not zod's generic one); the
 * OpenAPI document shows the type a client should send.
 */

/**
 * A validity edge the operator typed, on the exchange's clock (EXCHANGE_TIME_ZONE, `timeZone`), as the site dates
 * everything else: a day alone (the console's field) is where that day begins for `from`, and where it ends for
 * `to`, so "Действует по 2027-06-30" works through the 30th and stops at midnight into 1 July on the exchange's clock.
 * Stored as that day's UTC midnight it had stopped at 03:00 Moscow time on the 30th, a day before the operator meant.
 * A date-time without an offset is the exchange's wall clock too (it was the server process's zone); with `Z` or an
 * offset (an API client's ISO time) it is that moment. '' or null = open-ended.
 */
function validityEdge(timeZone: string, edge: 'from' | 'to') {
  return z
    .unknown()
    .transform((v) => (v === '' || v === undefined ? null : v))
    .check((ctx) => {
      if (ctx.value === null) return;
      // Only a date that exists, in the years 1-9999 (shared/schemas/fields.ts says why): PostgreSQL keeps it.
      const issue =
        typeof ctx.value === 'string' ? dateIssue(ctx.value, { day: false }) : fieldIssue('field_invalid_date');
      if (issue) ctx.issues.push({ code: 'custom', message: issue, input: ctx.value });
    })
    .transform((v, ctx) => {
      if (v === null) return null;
      const at = validityInstant(v as string, timeZone, edge);
      const year = at.getUTCFullYear();
      if (year >= 1 && year <= 9999) return at;
      // The last day of 9999 ends in the year 10000 in a zone behind UTC.
      ctx.issues.push({ code: 'custom', message: fieldIssue('field_date_out_of_range'), input: v });
      return z.NEVER;
    });
}

/** The moment a typed edge stands for (`validityEdge`): a day alone ends where the next one begins. */
function validityInstant(typed: string, timeZone: string, edge: 'from' | 'to'): Date {
  const day = typed.length === 10 && edge === 'to';
  const text = day ? new Date(Date.parse(`${typed}T00:00:00Z`) + dayMs).toISOString().slice(0, 10) : typed;
  // The text has passed `dateIssue`: a time it names.
  return typedInstant(text, timeZone)!;
}

/**
 * The day a stored edge is shown as, in the console's field and list: the exchange's day it begins (`from`), or the
 * last day it still works (`to`: the moment before its end), the inverse of `validityEdge` for a day typed alone.
 */
export function validityDay(iso: string, timeZone: string, edge: 'from' | 'to'): string {
  const at = new Date(Date.parse(iso) - (edge === 'to' ? 1 : 0));
  return wallClockTime(at, timeZone).slice(0, 10);
}

/** Uses of a code, in all or per customer: 1..1 000 000, or null for unlimited. */
const count = nullableWholeNumber(1_000_000);

/** Most customers one code may be assigned to: a campaign for more is a public code with a per-customer limit. */
const maxAssigned = 500;

/**
 * The customers a code is for: a list of e-mails, or one string of them separated by commas, semicolons, spaces or
 * new lines (what a pasted column looks like); null or empty = anyone. Lower-cased, each once. Malformed ones are
 * named in the message; whether each is a customer is the server's check (field_unknown_customers).
 */
const customerEmails = z.unknown().transform((v, ctx) => {
  const items = v === null || v === undefined ? [] : Array.isArray(v) ? v : typeof v === 'string' ? [v] : null;
  if (!items || items.some((i) => typeof i !== 'string')) {
    ctx.addIssue({ code: 'custom', message: fieldIssue('field_invalid_email') });
    return z.NEVER;
  }
  const emails = [
    ...new Set(
      (items as string[])
        .flatMap((i) => i.split(/[\s,;]+/))
        .map((e) => asciiEmail(e.trim()).toLowerCase())
        .filter(Boolean),
    ),
  ];
  const bad = emails.filter((e) => !isEmail(e));
  if (bad.length) {
    ctx.addIssue({ code: 'custom', message: fieldIssue('field_invalid_emails', { emails: bad.join(', ') }) });
  } else if (emails.length > maxAssigned) {
    ctx.addIssue({ code: 'custom', message: fieldIssue('field_too_many', { max: maxAssigned }) });
  }
  return emails;
});

/** `POST /api/v1/admin/promocodes/` and `PUT /api/v1/admin/promocodes/{id}/` (every field, each time). */
/** A promocode as the console sends it; `timeZone` is the exchange's, in which its validity days are read. */
export function promocodeBody(timeZone: string) {
  return z
    .object({
      code: z
        .string({ error: fieldIssue('field_required') })
        .trim()
        // An emptied field is a missing code, not one of the wrong shape.
        .min(1, { error: fieldIssue('field_required'), abort: true })
        // Too long is said as such, with the limit: "wrong format, e.g. SPRING-25" left the operator guessing.
        .max(32, { error: fieldIssue('field_too_long', { max: 32 }), abort: true })
        .toUpperCase()
        .regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, { error: fieldIssue('field_invalid_format', { example: 'SPRING-25' }) })
        .describe('3-32 letters, digits or hyphens; stored upper-case'),
      discountPercent: z
        .unknown()
        .refine((v) => v !== undefined && v !== null && (typeof v !== 'string' || v.trim() !== ''), {
          error: fieldIssue('field_required'),
          abort: true,
        })
        .pipe(
          consoleDecimal({
            percent: true,
            above: true,
            min: '0',
            max: '50',
          }),
        )
        .meta({ type: 'string', description: 'improves the course by this percent, 0 < x <= 50 (a comma or a point)' }),
      validFrom: validityEdge(timeZone, 'from').meta({
        type: 'string',
        nullable: true,
        description:
          'YYYY-MM-DD (from the start of that day on the exchange’s clock, EXCHANGE_TIME_ZONE), or an ISO date-time ' +
          '(without an offset: that clock; with Z or ±HH:mm: that moment); null = from now',
      }),
      validTo: validityEdge(timeZone, 'to').meta({
        type: 'string',
        nullable: true,
        description:
          'YYYY-MM-DD (through that day: to its end on the exchange’s clock), or an ISO date-time (the moment it ' +
          'stops); null = open-ended',
      }),
      maxUses: count.meta({ type: 'integer', nullable: true, description: 'uses across everyone; null = unlimited' }),
      perCustomer: count.meta({ type: 'integer', nullable: true, description: 'uses per customer; null = unlimited' }),
      assignedTo: customerEmails.meta({
        type: 'array',
        items: { type: 'string' },
        description: 'e-mails of the only customers who may use it (empty = anyone); a string of them is accepted too',
      }),
      active: z.boolean({ error: fieldIssue('field_invalid_choice') }),
    })
    .superRefine((v, ctx) => {
      // Equal edges would be a code that works for no moment at all ("from the 30th through the 29th").
      if (v.validFrom && v.validTo && v.validFrom >= v.validTo) {
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: fieldIssue('field_date_before_start') });
      }
    });
}
export type PromocodeInput = z.infer<ReturnType<typeof promocodeBody>>;
