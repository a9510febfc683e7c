import './zod-config.ts';
import { z } from 'zod';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/** Contracts of the console's content section (issue 6 §6): news and updates, pages, maintenance, monitoring inbox. */

const localized = z.object({ ru: z.string(), en: z.string() });

function text(locale: Locale, max: number, min = 1) {
  const required = fieldMessage('field_required', locale);
  return (
    z
      .string({ error: required })
      .trim()
      // abort: an empty field gets one message, not also "invalid format".
      .min(min, { error: required, abort: true })
      .max(max, { error: fieldMessage('field_too_long', locale, { max }), abort: true })
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

export function adminNewsQuery(locale: Locale) {
  return paginationQuery(20).extend({
    locale: z.enum(['ru', 'en'], { error: fieldMessage('field_invalid_choice', locale) }).optional(),
    kind: z.enum(['news', 'update'], { error: fieldMessage('field_invalid_choice', locale) }).optional(),
  });
}

/** A news item or an update, in one language (the site lists each language's own; en has no News section). */
export function newsBody(locale: Locale) {
  return z.object({
    kind: z.enum(['news', 'update'], { error: fieldMessage('field_invalid_choice', locale) }),
    locale: z.enum(['ru', 'en'], { error: fieldMessage('field_invalid_choice', locale) }),
    slug: text(locale, 120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: fieldMessage('field_invalid_format', locale, { example: 'new-pairs' }),
    }),
    title: text(locale, 200),
    summary: text(locale, 500),
    body: text(locale, 50_000),
    publishedAt: publishedAt(locale),
  });
}

/**
 * The date a post shows (and sorts by): `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm` (the browser's local time field, read as
 * UTC) or a full ISO time; empty or absent = now on create, unchanged on edit.
 */
function publishedAt(locale: Locale) {
  const message = fieldMessage('field_invalid_date', locale);
  return z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/, { error: message })
      .transform((v) => {
        const iso = v.replace(' ', 'T');
        return new Date(/Z|[+-]\d{2}:\d{2}$/.test(iso) || iso.length === 10 ? iso : `${iso}Z`);
      })
      .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() < 2100, {
        error: message,
      })
      .optional(),
  );
}
export type NewsInput = z.infer<ReturnType<typeof newsBody>>;
export const newsBodyDoc = z.object({
  kind: z.enum(['news', 'update']),
  locale: z.enum(['ru', 'en']),
  slug: z.string().describe('lower-case words joined by hyphens, unique per language'),
  title: z.string(),
  summary: z.string(),
  body: z.string().describe('Markdown; rendered and sanitised by the site'),
  publishedAt: z
    .string()
    .optional()
    .describe('YYYY-MM-DD[THH:mm] (UTC) or ISO time; default now (create), unchanged (edit)'),
});

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
function localizedText(locale: Locale, max: number) {
  return z.object(
    {
      ru: text(locale, max),
      en: z
        .string({ error: fieldMessage('field_invalid_choice', locale) })
        .trim()
        .max(max, { error: fieldMessage('field_too_long', locale, { max }) })
        .optional()
        .transform((v) => v ?? ''),
    },
    // The whole pair missing reads as its required Russian text missing, in the caller's language.
    { error: fieldMessage('field_required', locale) },
  );
}

export function pageBody(locale: Locale) {
  const pair = (max: number) => localizedText(locale, max);
  return z.object({ title: pair(200), description: pair(500), body: pair(100_000) });
}
export const pageBodyDoc = z.object({ title: localized, description: localized, body: localized });

export const previewBody = z.object({ markdown: z.string().max(100_000) });
export const previewSchema = z.object({ html: z.string() });

export const maintenanceSchema = z.object({ enabled: z.boolean(), message: localized });
export type MaintenanceInput = z.infer<typeof maintenanceSchema>;
export function maintenanceBody(locale: Locale) {
  const max = (n: number) =>
    z
      .string()
      .trim()
      .max(n, { error: fieldMessage('field_too_long', locale, { max: n }) });
  return z.object({
    enabled: z.boolean({ error: fieldMessage('field_invalid_choice', locale) }),
    message: z.object({ ru: max(500), en: max(500) }),
  });
}

/** The contest the header's banner announces while `status` is active (SPEC §2). */
export const contestSchema = z.object({
  status: z.enum(['active', 'inactive']),
  title: localized,
  startsAt: z.string().nullable().describe('YYYY-MM-DD or null'),
  endsAt: z.string().nullable(),
  prizes: z.array(localized),
});
export type ContestInput = z.infer<typeof contestSchema>;
export function contestBody(locale: Locale) {
  const day = z
    .unknown()
    .transform((v) => (v === '' || v === undefined ? null : v))
    .refine(
      (v) => v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
      {
        error: fieldMessage('field_invalid_date', locale),
      },
    )
    .transform((v) => v as string | null);
  const max = (n: number) =>
    z
      .string()
      .trim()
      .max(n, { error: fieldMessage('field_too_long', locale, { max: n }) });
  return z
    .object({
      status: z.enum(['active', 'inactive'], { error: fieldMessage('field_invalid_choice', locale) }),
      title: z.object({ ru: max(200), en: max(200) }),
      startsAt: day,
      endsAt: day,
      prizes: z.array(z.object({ ru: max(200), en: max(200) })).max(20),
    })
    .superRefine((v, ctx) => {
      if (v.status === 'active' && !v.title.ru) {
        ctx.addIssue({ code: 'custom', path: ['title', 'ru'], message: fieldMessage('field_required', locale) });
      }
      if (v.startsAt && v.endsAt && v.startsAt > v.endsAt) {
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: fieldMessage('field_invalid_date', locale) });
      }
    });
}

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

export function monitoringQuery(locale: Locale) {
  return paginationQuery(20).extend({
    status: z.enum(monitoringStatuses, { error: fieldMessage('field_invalid_choice', locale) }).optional(),
  });
}

/**
 * Site settings an admin may change without a restart. Each field overrides its environment variable
 * (SUPPORT_EMAIL, PAYMENT_WINDOW_MINUTES, CHAT_SCRIPT_URL, ANALYTICS_SCRIPT_URL, ANALYTICS_ID); null keeps the
 * environment's value, so a fresh install behaves exactly as configured.
 */
export const siteValuesSchema = z.object({
  supportEmail: z.string(),
  paymentWindowMinutes: z.number().int(),
  chatScriptUrl: z.string().nullable(),
  analyticsScriptUrl: z.string().nullable(),
  analyticsId: z.string().nullable(),
});
export type SiteValues = z.infer<typeof siteValuesSchema>;

export const siteOverridesSchema = z.object({
  supportEmail: z.string().nullable(),
  paymentWindowMinutes: z.number().int().nullable(),
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

export const paymentWindowLimits = { min: 1, max: 1440 } as const;

export function siteBody(locale: Locale) {
  // An empty field (or null) means "use the environment's value".
  const blank = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? null : v);
  const optionalText = (max: number) =>
    z.preprocess(
      blank,
      z
        .string({ error: fieldMessage('field_invalid_body', locale) })
        .trim()
        .max(max, { error: fieldMessage('field_too_long', locale, { max }) })
        .nullable(),
    );
  const url = z.preprocess(
    blank,
    z
      .string({ error: fieldMessage('field_invalid_url', locale) })
      .trim()
      .max(500, { error: fieldMessage('field_too_long', locale, { max: 500 }) })
      // Only https: the script runs on every page, and the CSP lists its origin.
      .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', {
        error: fieldMessage('field_invalid_url', locale),
      })
      .nullable(),
  );
  const { min, max } = paymentWindowLimits;
  return z.object(
    {
      supportEmail: optionalText(254).refine((v) => v === null || z.regexes.email.test(v), {
        error: fieldMessage('field_invalid_email', locale),
      }),
      paymentWindowMinutes: z.preprocess(
        (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : blank(v)),
        z
          .number({ error: fieldMessage('field_number_range', locale, { min, max }) })
          .int({ error: fieldMessage('field_number_range', locale, { min, max }) })
          .min(min, { error: fieldMessage('field_number_range', locale, { min, max }) })
          .max(max, { error: fieldMessage('field_number_range', locale, { min, max }) })
          .nullable(),
      ),
      chatScriptUrl: url,
      analyticsScriptUrl: url,
      analyticsId: optionalText(100).refine((v) => v === null || /^[\w.:-]+$/.test(v), {
        error: fieldMessage('field_invalid_format', locale, { example: 'G-AB12CD34' }),
      }),
    },
    { error: fieldMessage('field_invalid_body', locale) },
  );
}
export const siteBodyDoc = siteOverridesSchema.partial().describe('empty or null = the environment value');

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
export function faqBody(locale: Locale) {
  return z.object({ question: localizedText(locale, 300), answer: localizedText(locale, 20_000) });
}
export type FaqInput = z.infer<ReturnType<typeof faqBody>>;
export const faqBodyDoc = z.object({ question: localized, answer: localized.describe('Markdown') });

/** The whole order: every question's id once, first to last. */
export function faqOrderBody(locale: Locale) {
  const message = fieldMessage('field_invalid_choice', locale);
  return z.object({
    ids: z
      .array(z.number({ error: message }).int({ error: message }), { error: message })
      .max(1000, { error: message })
      .refine((ids) => new Set(ids).size === ids.length, { error: message }),
  });
}
export const faqOrderDoc = z.object({ ids: z.array(z.number().int()).describe('every question id, in the new order') });
