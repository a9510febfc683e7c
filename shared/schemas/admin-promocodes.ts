import './zod-config.ts';
import { z } from 'zod';
import { consoleDecimal, dateIssue, fieldIssue, nullableWholeNumber } from './fields.ts';
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

/** A date-time the operator typed (ISO, or YYYY-MM-DD meaning midnight UTC); '' or null = open-ended. */
const moment = z
  .unknown()
  .transform((v) => (v === '' || v === undefined ? null : v))
  .check((ctx) => {
    if (ctx.value === null) return;
    // Only a date that exists, in the years 1-9999 (shared/schemas/fields.ts says why): PostgreSQL keeps it.
    const issue =
      typeof ctx.value === 'string' ? dateIssue(ctx.value, { day: false }) : fieldIssue('field_invalid_date');
    if (issue) ctx.issues.push({ code: 'custom', message: issue, input: ctx.value });
  })
  .transform((v) => (v === null ? null : new Date(v as string)));

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
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const bad = emails.filter((e) => !z.email().safeParse(e).success);
  if (bad.length) {
    ctx.addIssue({ code: 'custom', message: fieldIssue('field_invalid_emails', { emails: bad.join(', ') }) });
  } else if (emails.length > maxAssigned) {
    ctx.addIssue({ code: 'custom', message: fieldIssue('field_too_many', { max: maxAssigned }) });
  }
  return emails;
});

/** `POST /api/v1/admin/promocodes/` and `PUT /api/v1/admin/promocodes/{id}/` (every field, each time). */
export const promocodeBody = z
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
    validFrom: moment.meta({ type: 'string', nullable: true, description: 'ISO date-time; null = from now' }),
    validTo: moment.meta({ type: 'string', nullable: true }),
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
    if (v.validFrom && v.validTo && v.validFrom > v.validTo) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: fieldIssue('field_date_before_start') });
    }
  });
export type PromocodeInput = z.infer<typeof promocodeBody>;
