import './zod-config.ts';
import { z } from 'zod';
import { dateIssue, fieldIssue, readWholeNumber } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';
import { typedInstant } from '../format.ts';

/** Contracts of the console's content section (issue 6 §6): news and updates, pages, maintenance, monitoring inbox. */

const localized = z.object({ ru: z.string(), en: z.string() });

const required = fieldIssue('field_required');
const invalidChoice = fieldIssue('field_invalid_choice');

function text(max: number, min = 1) {
  return (
    z
      .string({ error: required })
      .trim()
      // abort: an empty field gets one message, not also "invalid format".
      .min(min, { error: required, abort: true })
      .max(max, { error: fieldIssue('field_too_long', { max }), abort: true })
  );
}

export const adminNewsItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['news', 'update']),
  locale: z.enum(['ru', 'en']),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string().describe('Markdown'),
  publishedAt: z.string(),
});
export type AdminNewsItem = z.infer<typeof adminNewsItemSchema>;
export const adminNewsPageSchema = listOf(adminNewsItemSchema);

export const adminNewsQuery = paginationQuery(20).extend({
  locale: z.enum(['ru', 'en'], { error: invalidChoice }).optional(),
  kind: z.enum(['news', 'update'], { error: invalidChoice }).optional(),
});

/**
 * The date a post shows (and sorts by), `publishedAt`: empty or absent = now on create, unchanged on edit. Without an
 * offset (`YYYY-MM-DDTHH:mm`, the console's `datetime-local` field, or `YYYY-MM-DD`, midnight) it is the exchange's
 * wall clock (EXCHANGE_TIME_ZONE, `timeZone`), the zone the site dates posts in and the console writes times in: 23:30
 * on 1 December typed in Moscow is dated 1 December on the site, not the 2nd as read in UTC. With `Z` or an offset
 * (an API client's full ISO time) it is that moment. A time the zone's clocks skip or repeat is read as
 * `zonedWallClockInstant` (shared/format.ts) reads it.
 */
const invalidDate = fieldIssue('field_invalid_date');
const futureTolerance = 5 * 60_000;
function publishedAtIn(timeZone: string) {
  return z
    .preprocess(
      (v) => (v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
      z
        .string({ error: invalidDate })
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/, {
          error: invalidDate,
          abort: true,
        })
        .check((ctx) => {
          // In the format but not in the calendar (2026-02-30): said so, rather than moved to another day.
          const issue = dateIssue(ctx.value.replace(' ', 'T'), { day: false });
          if (issue === fieldIssue('field_date_not_exist'))
            ctx.issues.push({ code: 'custom', message: issue, input: ctx.value });
        })
        .transform((v) => {
          const iso = v.replace(' ', 'T');
          // An unreadable time (25:00) is null here and refused below, as an invalid date.
          return typedInstant(iso, timeZone) ?? new Date(NaN);
        })
        .refine((d) => !Number.isNaN(d.getTime()), { error: invalidDate, abort: true })
        // A well-formed date out of range is said as such: "enter a date as YYYY-MM-DD" under a date the picker
        // filled in left the operator guessing.
        .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() < 2100, {
          error: fieldIssue('field_year_between', { min: 2000, max: 2099 }),
          abort: true,
        })
        // Nothing hides a post until its date (no scheduling yet): a later date would publish it at once and pin it
        // to the top of every list. A few minutes ahead are a clock's or a typist's, not a plan.
        .refine((d) => d.getTime() <= Date.now() + futureTolerance, { error: fieldIssue('field_date_in_future') })
        .optional(),
    )
    .describe(
      'YYYY-MM-DDTHH:mm or YYYY-MM-DD (midnight) without an offset: the time on the exchange’s clock ' +
        '(EXCHANGE_TIME_ZONE; a time the clocks skip moves forward by the gap, a repeated one is the earlier); ' +
        'an ISO time with Z or ±HH:mm: that moment. Default now (create), unchanged (edit)',
    );
}

/**
 * A news item or an update, in one language (the site lists each language's own; en has no News section);
 * `timeZone` is the exchange's (EXCHANGE_TIME_ZONE), in which an offset-less `publishedAt` is read.
 */
export function newsBody(timeZone: string) {
  return z.object({
    kind: z.enum(['news', 'update'], { error: invalidChoice }),
    locale: z.enum(['ru', 'en'], { error: invalidChoice }),
    slug: text(120)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: fieldIssue('field_invalid_format', { example: 'new-pairs' }) })
      .describe('lower-case words joined by hyphens, unique per language'),
    title: text(200),
    summary: text(500),
    body: text(50_000).describe('Markdown; rendered and sanitised by the site'),
    publishedAt: publishedAtIn(timeZone),
  });
}
export type NewsInput = z.infer<ReturnType<typeof newsBody>>;

export const adminPageSchema = z.object({
  slug: z.string(),
  title: localized,
  description: localized,
  body: localized.describe('Markdown'),
  updatedAt: z.string(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;
export const adminPageListSchema = z.object({ results: z.array(adminPageSchema) });

/** A text in both languages: ru required, en optional (an empty en shows the ru text on the English site). */
function localizedText(max: number) {
  return z.object(
    {
      ru: text(max),
      en: z
        .string({ error: invalidChoice })
        .trim()
        .max(max, { error: fieldIssue('field_too_long', { max }) })
        .optional()
        .transform((v) => v ?? ''),
    },
    // The whole pair missing reads as its required Russian text missing.
    { error: required },
  );
}

export const pageBody = z.object({
  title: localizedText(200),
  description: localizedText(500),
  body: localizedText(100_000).describe('Markdown'),
});

export const previewBody = z.object({ markdown: z.string().max(100_000) });
export const previewSchema = z.object({ html: z.string() });

export const maintenanceSchema = z.object({ enabled: z.boolean(), message: localized });
export type MaintenanceInput = z.infer<typeof maintenanceSchema>;
/** A text trimmed and capped, empty allowed. */
const upTo = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: fieldIssue('field_too_long', { max }) });

export const maintenanceBody = z.object({
  enabled: z.boolean({ error: invalidChoice }),
  message: z.object({ ru: upTo(500), en: upTo(500) }),
});

/** The contest the header's banner announces while `status` is active (docs/product/site.md). */
export const contestSchema = z.object({
  status: z.enum(['active', 'inactive']),
  title: localized,
  startsAt: z.string().nullable().describe('YYYY-MM-DD or null'),
  endsAt: z.string().nullable(),
  prizes: z.array(localized),
});
export type ContestInput = z.infer<typeof contestSchema>;
/** A day `YYYY-MM-DD`; empty or absent = none (null). */
const contestDay = z
  .unknown()
  .transform((v) => (v === '' || v === undefined ? null : v))
  .check((ctx) => {
    if (ctx.value === null) return;
    // A day that exists, in the years 1-9999 (shared/schemas/fields.ts `dateIssue`): the date column holds it.
    const issue = typeof ctx.value === 'string' ? dateIssue(ctx.value, { day: true }) : invalidDate;
    if (issue) ctx.issues.push({ code: 'custom', message: issue, input: ctx.value });
  })
  .transform((v) => v as string | null)
  .meta({ type: ['string', 'null'], description: 'YYYY-MM-DD; empty or null = none' });

export const contestBody = z
  .object({
    status: z.enum(['active', 'inactive'], { error: invalidChoice }),
    title: z.object({ ru: upTo(200), en: upTo(200) }),
    startsAt: contestDay,
    endsAt: contestDay,
    prizes: z.array(z.object({ ru: upTo(200), en: upTo(200) })).max(20),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'active' && !v.title.ru) {
      ctx.addIssue({ code: 'custom', path: ['title', 'ru'], message: required });
    }
    if (v.startsAt && v.endsAt && v.startsAt > v.endsAt) {
      // Named as what it is: both days were well written, and "Enter a date as YYYY-MM-DD" sent the operator looking
      // for a typo.
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: fieldIssue('field_date_before_start') });
    }
  });

/** A monitor's request: new until an operator accepts it (the site is listed on /partners) or rejects it. */
export const monitoringStatuses = ['new', 'accepted', 'rejected'] as const;
export const monitoringItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  email: z.string(),
  comment: z.string(),
  locale: z.enum(['ru', 'en']),
  status: z.enum(monitoringStatuses),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MonitoringItem = z.infer<typeof monitoringItemSchema>;
export const monitoringPageSchema = listOf(monitoringItemSchema);

export const monitoringQuery = paginationQuery(20).extend({
  status: z.enum(monitoringStatuses, { error: invalidChoice }).optional(),
});

/**
 * Site settings an admin may change without a restart. Each field overrides its environment variable
 * (SUPPORT_EMAIL, PAYMENT_WINDOW_MINUTES, RATES_MAX_AGE_MINUTES, CHAT_SCRIPT_URL, ANALYTICS_SCRIPT_URL, ANALYTICS_ID);
 * null keeps the
 * environment's value, so a fresh install behaves exactly as configured.
 */
const siteValuesSchema = z.object({
  supportEmail: z.string(),
  paymentWindowMinutes: z.number().int(),
  /** Minutes a source rate stays usable for a direction that sets no limit of its own. */
  maxRateAgeMinutes: z.number().int(),
  chatScriptUrl: z.string().nullable(),
  analyticsScriptUrl: z.string().nullable(),
  analyticsId: z.string().nullable(),
});
export type SiteValues = z.infer<typeof siteValuesSchema>;

const siteOverridesSchema = z.object({
  supportEmail: z.string().nullable(),
  paymentWindowMinutes: z.number().int().nullable(),
  maxRateAgeMinutes: z.number().int().nullable(),
  chatScriptUrl: z.string().nullable(),
  analyticsScriptUrl: z.string().nullable(),
  analyticsId: z.string().nullable(),
});
export type SiteOverrides = z.infer<typeof siteOverridesSchema>;

/** GET/PUT answer: the stored overrides, the environment's defaults, and what the site uses now. */
export const siteSettingsSchema = z.object({
  overrides: siteOverridesSchema.describe('null = the environment value'),
  defaults: siteValuesSchema.describe('from the environment'),
  effective: siteValuesSchema.describe('what the site uses'),
});
export type SiteSettingsView = z.infer<typeof siteSettingsSchema>;

const paymentWindowLimits = { min: 1, max: 1440 } as const;
/** A week at most, as a direction's own limit. */
const rateAgeLimits = { min: 1, max: 10_080 } as const;

// An empty field (or null, or none) means "use the environment's value". The preprocess turns all of them into null;
// the inner schemas are also `.optional()` only so that the API document shows every field may be left out.
const blank = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? null : v);
const optionalText = (max: number) =>
  z.preprocess(
    blank,
    z
      .string({ error: fieldIssue('field_invalid_body') })
      .trim()
      .max(max, { error: fieldIssue('field_too_long', { max }) })
      .nullish(),
  );
const scriptUrl = z.preprocess(
  blank,
  z
    .string({ error: fieldIssue('field_invalid_url') })
    .trim()
    .max(500, { error: fieldIssue('field_too_long', { max: 500 }) })
    // Only https: the script runs on every page, and the CSP lists its origin.
    .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', { error: fieldIssue('field_invalid_url') })
    .nullish(),
);
/** Whole minutes within `limits`; empty, null or absent = the environment's value. */
const minutesField = (limits: { min: number; max: number }) => {
  const range = fieldIssue('field_number_range', limits);
  return z.preprocess(
    // Read as the console reads whole numbers ("1 000", "1,000"); text that is none stays text, and is refused.
    (v) => (blank(v) === null ? null : (readWholeNumber(v) ?? v)),
    z
      .number({ error: range })
      .int({ error: range })
      .min(limits.min, { error: range })
      .max(limits.max, { error: range })
      .nullish(),
  );
};

export const siteBody = z
  .object(
    {
      supportEmail: optionalText(254).refine((v) => v == null || z.regexes.email.test(v), {
        error: fieldIssue('field_invalid_email'),
      }),
      paymentWindowMinutes: minutesField(paymentWindowLimits),
      maxRateAgeMinutes: minutesField(rateAgeLimits),
      chatScriptUrl: scriptUrl,
      analyticsScriptUrl: scriptUrl,
      analyticsId: optionalText(100).refine((v) => v == null || /^[\w.:-]+$/.test(v), {
        error: fieldIssue('field_invalid_format', { example: 'G-AB12CD34' }),
      }),
    },
    { error: fieldIssue('field_invalid_body') },
  )
  .transform((v): SiteOverrides => ({
    supportEmail: v.supportEmail ?? null,
    paymentWindowMinutes: v.paymentWindowMinutes ?? null,
    maxRateAgeMinutes: v.maxRateAgeMinutes ?? null,
    chatScriptUrl: v.chatScriptUrl ?? null,
    analyticsScriptUrl: v.analyticsScriptUrl ?? null,
    analyticsId: v.analyticsId ?? null,
  }))
  .describe('empty, null or absent = the environment value');

/** A question of the FAQ (`/faq`) with its answer in Markdown, in both languages; `position` orders the accordion. */
export const adminFaqItemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  question: localized,
  answer: localized.describe('Markdown'),
});
export type AdminFaqItem = z.infer<typeof adminFaqItemSchema>;
export const adminFaqListSchema = z.object({ results: z.array(adminFaqItemSchema) });

/** ru required; an empty en shows the ru text on the English site (as pages do). */
export const faqBody = z.object({ question: localizedText(300), answer: localizedText(20_000).describe('Markdown') });
export type FaqInput = z.infer<typeof faqBody>;

/** The whole order: every question's id once, first to last. */
export const faqOrderBody = z.object({
  ids: z
    .array(z.number({ error: invalidChoice }).int({ error: invalidChoice }), { error: invalidChoice })
    .max(1000, { error: invalidChoice })
    .refine((ids) => new Set(ids).size === ids.length, { error: invalidChoice })
    .describe('every question id, in the new order'),
});
