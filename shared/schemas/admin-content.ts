import './zod-config.ts';
import { z } from 'zod';
import type { Locale } from '../locales.ts';
import { fieldMessage } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';

/** Contracts of the console's content section (issue 6 §6): news and updates, pages, maintenance, monitoring inbox. */

const localized = z.object({ ru: z.string(), en: z.string() });

function text(locale: Locale, max: number, min = 1) {
  const required = fieldMessage('field_required', locale);
  return z
    .string({ error: required })
    .trim()
    .min(min, { error: required })
    .max(max, { error: fieldMessage('field_too_long', locale, { max }) });
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
  return paginationQuery(locale, 20).extend({
    locale: z.enum(['ru', 'en'], { error: fieldMessage('field_invalid_choice', locale) }).optional(),
  });
}

/** A news item or an update, in one language (the site lists each language's own; en has no News section). */
export function newsBody(locale: Locale) {
  return z.object({
    kind: z.enum(['news', 'update'], { error: fieldMessage('field_invalid_choice', locale) }),
    locale: z.enum(['ru', 'en'], { error: fieldMessage('field_invalid_choice', locale) }),
    slug: text(locale, 120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: fieldMessage('field_invalid_format', locale),
    }),
    title: text(locale, 200),
    summary: text(locale, 500),
    body: text(locale, 50_000),
  });
}
export type NewsInput = z.infer<ReturnType<typeof newsBody>>;
export const newsBodyDoc = z.object({
  kind: z.enum(['news', 'update']),
  locale: z.enum(['ru', 'en']),
  slug: z.string().describe('lower-case words joined by hyphens, unique per language'),
  title: z.string(),
  summary: z.string(),
  body: z.string().describe('Markdown; rendered and sanitised by the site'),
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

export function pageBody(locale: Locale) {
  const pair = (max: number) =>
    z.object({
      ru: text(locale, max),
      en: z
        .string()
        .trim()
        .max(max, { error: fieldMessage('field_too_long', locale, { max }) }),
    });
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

export const monitoringItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  email: z.string(),
  comment: z.string(),
  locale: z.enum(['ru', 'en']),
  createdAt: z.string(),
});
export const monitoringPageSchema = listOf(monitoringItemSchema);
