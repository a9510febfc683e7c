/** The columns the staleness rule reads (a direction row has them all). */
export interface RateAgeFields {
  courseMode: 'manual' | 'source';
  sourceUpdatedAt: Date | null;
  /** The direction's own limit; null = the site's default (RATES_MAX_AGE_MINUTES or the console's setting). */
  maxRateAgeMinutes: number | null;
}

/**
 * When a source-priced direction's rate goes stale: `sourceUpdatedAt` plus its own limit, or the site's default when
 * it sets none (docs/admin/rates.md). A source-priced direction always has a limit: a source that keeps failing takes
 * its directions off sale instead of leaving them on sale at a frozen rate. Null for a manual course. A direction
 * without any fetched rate is already unpriced, so it counts as stale from the epoch.
 */
export function staleAt(d: RateAgeFields, defaultMinutes: number): Date | null {
  if (d.courseMode !== 'source') return null;
  const minutes = d.maxRateAgeMinutes ?? defaultMinutes;
  const from = d.sourceUpdatedAt?.getTime() ?? 0;
  return new Date(from + minutes * 60_000);
}

/** A direction whose source rate is older than its limit takes no claims until a fresh rate arrives (issue 6 §4). */
export function isRateStale(d: RateAgeFields, defaultMinutes: number, now: Date = new Date()): boolean {
  const at = staleAt(d, defaultMinutes);
  return at !== null && at.getTime() <= now.getTime();
}
