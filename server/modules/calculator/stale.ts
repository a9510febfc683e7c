/** The columns the staleness rule reads (a direction row has them all). */
export interface RateAgeFields {
  courseMode: 'manual' | 'source';
  sourceUpdatedAt: Date | null;
  maxRateAgeMinutes: number | null;
}

/**
 * When a source-priced direction's rate goes stale: `sourceUpdatedAt + maxRateAgeMinutes`. Null when it never does
 * (a manual course, or no limit set). A direction without any fetched rate is already unpriced, so it counts as
 * stale from the epoch.
 */
export function staleAt(d: RateAgeFields): Date | null {
  if (d.courseMode !== 'source' || d.maxRateAgeMinutes === null) return null;
  const from = d.sourceUpdatedAt?.getTime() ?? 0;
  return new Date(from + d.maxRateAgeMinutes * 60_000);
}

/** A direction whose source rate is older than its limit takes no claims until a fresh rate arrives (issue 6 §4). */
export function isRateStale(d: RateAgeFields, now: Date = new Date()): boolean {
  const at = staleAt(d);
  return at !== null && at.getTime() <= now.getTime();
}
