import './zod-config.ts';
import { z } from 'zod';
import { fieldIssue } from './fields.ts';

/**
 * The console's monitors (issue 14): the monitoring sites listed on /partners and in the footer, each with its banner
 * (an image the operator uploads, served from our origin) and the page where our customers can review us.
 */

/** Raster images only: an SVG is a document that can carry script, so it is refused whatever its type says. */
export const bannerTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type BannerType = (typeof bannerTypes)[number];
/** 256 KiB: a footer banner is 88x31 to a few hundred pixels wide; anything bigger is a mistake or an attack. */
export const bannerMaxBytes = 256 * 1024;

export const adminMonitorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  reviewUrl: z.string().nullable(),
  /** The banner's address on our origin, or null while the footer shows the monitor's name. */
  banner: z.string().nullable(),
});
export type AdminMonitor = z.infer<typeof adminMonitorSchema>;
export const adminMonitorListSchema = z.object({ results: z.array(adminMonitorSchema) });

const reviewUrlMax = 500;
/** http(s) only, no credentials: the address goes into our pages and letters as a link. */
function isReviewUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const u = new URL(value);
  return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && u.hostname.includes('.');
}

/** PUT /api/v1/admin/monitors/{id}/review/: the review page, or empty/null to show none. */
export const monitorReviewBody = z.object({
  reviewUrl: z
    .string({ error: fieldIssue('field_invalid_url') })
    .trim()
    .max(reviewUrlMax, { error: fieldIssue('field_too_long', { max: reviewUrlMax }) })
    .refine((v) => v === '' || isReviewUrl(v), { error: fieldIssue('field_invalid_url') })
    .nullable()
    .transform((v) => (v ? v : null)),
});
