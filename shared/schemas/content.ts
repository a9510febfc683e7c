import './zod-config.ts';
import { z } from 'zod';
import { asciiEmail, fieldIssue, isEmail, refusingText } from './fields.ts';
import { listOf, paginationQuery } from './pagination.ts';
import { isRefusedText } from '../refused-text.ts';

/** Schemas of the content API (/api/v1/content/...), shared by the server routes and the web forms. */

const newsKinds = ['news', 'update'] as const;
export type NewsKind = (typeof newsKinds)[number];
const partnerKinds = ['monitoring', 'user'] as const;
export type PartnerKind = (typeof partnerKinds)[number];
const contestStatuses = ['active', 'inactive'] as const;

/** Page size of the news archives when the caller gives none. */
export const newsPageSize = 8;

function choice<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: fieldIssue('field_invalid_choice') });
}

export const newsListQuery = paginationQuery(newsPageSize).extend({ kind: choice(newsKinds).optional() });

export const partnersQuery = z.object({ kind: choice(partnerKinds).optional() });

export const monitoringLimits = { name: 100, url: 200, email: 254, comment: 1000 } as const;

/** 'example.com/rates' -> 'https://example.com/rates': people paste addresses without a scheme. */
function withScheme(value: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
}

function isSiteUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z][a-z0-9-]+$/i.test(url.hostname.replace(/\.$/, ''))
  );
}

/**
 * What makes two registrations the same site: host without 'www.' and the path, case-insensitive; the scheme, query,
 * fragment and trailing slashes do not count. The unique index is on this key, so racing duplicates fail there too.
 */
export function monitoringSiteKey(url: string): string {
  const u = new URL(url);
  const host = u.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const path = decodeURI(u.pathname).replace(/\/+$/, '').toLowerCase();
  return `${host}${path}`;
}

/** The register form of /partners/monitoring and the body of POST /api/v1/content/monitoring/. */
const monitoringRequired = fieldIssue('field_required');
/**
 * The JSON route's values were checked at the server's boundary already (server/input-guard.ts); the page's form post
 * arrives as bytes the boundary does not walk, so the schema refuses what the database cannot hold for both.
 */
const holdable = <T extends z.ZodType<string>>(text: T) => refusingText(text, isRefusedText);
const monitoringText = (max: number) =>
  holdable(
    z
      .string({ error: monitoringRequired })
      .trim()
      // abort: an empty field gets one message, not also "invalid e-mail".
      .min(1, { error: monitoringRequired, abort: true })
      .max(max, { error: fieldIssue('field_too_long', { max }), abort: true }),
  );
export const monitoringRegistrationSchema = z.object(
  {
    name: monitoringText(monitoringLimits.name),
    url: monitoringText(monitoringLimits.url)
      .transform(withScheme)
      .refine(isSiteUrl, { error: fieldIssue('field_invalid_url') }),
    email: monitoringText(monitoringLimits.email)
      .refine(isEmail, { error: fieldIssue('field_invalid_email') })
      .transform(asciiEmail),
    comment: holdable(
      z
        .string({ error: monitoringRequired })
        .trim()
        .max(monitoringLimits.comment, { error: fieldIssue('field_too_long', { max: monitoringLimits.comment }) }),
    )
      .optional()
      .transform((v) => v ?? ''),
  },
  { error: fieldIssue('field_invalid_body') },
);
export type MonitoringRegistrationInput = z.output<typeof monitoringRegistrationSchema>;

/* Response shapes. Texts are in the request's locale; `html` is rendered from the stored Markdown and safe to inline. */

export const contentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  html: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

const faqItemSchema = z.object({ id: z.number().int(), question: z.string(), html: z.string() });
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqListSchema = listOf(faqItemSchema);

const newsItemSchema = z.object({
  slug: z.string(),
  kind: z.enum(newsKinds),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListSchema = listOf(newsItemSchema);
export const newsArticleSchema = newsItemSchema.extend({ html: z.string() });
export type NewsArticle = z.infer<typeof newsArticleSchema>;

const partnerSchema = z.object({
  id: z.number().int(),
  kind: z.enum(partnerKinds),
  name: z.string(),
  url: z.string(),
  description: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;

/** The address of a monitor's banner (`/media/monitors/{id}/{hash}`): the partner and the version's hash. */
export const bannerParams = z.object({
  id: z.string().regex(/^\d{1,9}$/),
  hash: z.string().regex(/^[0-9a-f]{16,64}$/),
});

/** A monitor as the footer and a completed claim show it: its banner on our origin (null: its name) and review page. */
export interface FooterMonitor {
  id: number;
  name: string;
  url: string;
  reviewUrl: string | null;
  banner: string | null;
}
export const partnerListSchema = listOf(partnerSchema);

export const monitoringCreatedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  email: z.string(),
  comment: z.string(),
  createdAt: z.string(),
});

/** The contest of the header banner (docs/product/api.md "Settings: contest (status; ...)"), texts in the request's locale. */
const contestSchema = z.object({
  status: z.enum(contestStatuses),
  title: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  prizes: z.array(z.string()),
});
export type Contest = z.infer<typeof contestSchema>;

export const siteSettingsSchema = z.object({ contest: contestSchema });

/** DRF error bodies, for the route schemas (OpenAPI). A 400 may be either: malformed JSON has a detail. */
export const detailErrorSchema = z.object({ detail: z.string(), code: z.string().optional() });
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export const badRequestSchema = z.union([detailErrorSchema, fieldErrorsSchema]);
