import { describe, expect, it } from 'vitest';
import { isRateStale, staleAt } from './stale.ts';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('the rate age rule', () => {
  it('a source-priced direction without its own limit takes the default: a failing source takes it off sale', () => {
    const d = { courseMode: 'source' as const, sourceUpdatedAt: ago(16), maxRateAgeMinutes: null };
    expect(isRateStale(d, 15, now)).toBe(true);
    expect(isRateStale({ ...d, sourceUpdatedAt: ago(14) }, 15, now)).toBe(false);
    expect(staleAt(d, 15)).toEqual(ago(1));
  });

  it('its own limit wins over the default', () => {
    const d = { courseMode: 'source' as const, sourceUpdatedAt: ago(16), maxRateAgeMinutes: 60 };
    expect(isRateStale(d, 15, now)).toBe(false);
    expect(isRateStale({ ...d, maxRateAgeMinutes: 10 }, 120, now)).toBe(true);
  });

  it('never fetched is stale; a manual course never is', () => {
    expect(isRateStale({ courseMode: 'source', sourceUpdatedAt: null, maxRateAgeMinutes: null }, 15, now)).toBe(true);
    expect(isRateStale({ courseMode: 'manual', sourceUpdatedAt: null, maxRateAgeMinutes: null }, 15, now)).toBe(false);
    expect(staleAt({ courseMode: 'manual', sourceUpdatedAt: ago(999), maxRateAgeMinutes: 1 }, 15)).toBeNull();
  });
});
