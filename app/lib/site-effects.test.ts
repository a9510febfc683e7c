import { describe, expect, it, vi } from 'vitest';
import { allowsThirdPartyScripts, isBuildStale, latestBuildUrl } from './site-effects.ts';

describe('allowsThirdPartyScripts', () => {
  it('allows every page except claim pages, in both locales', () => {
    for (const path of ['/', '/en', '/rules', '/en/faq', '/claims-info'])
      expect(allowsThirdPartyScripts(path)).toBe(true);
    for (const path of ['/claim/0b8f', '/en/claim/0b8f', '/claim/success', '/en/claim/fail'])
      expect(allowsThirdPartyScripts(path)).toBe(false);
  });
});

describe('isBuildStale', () => {
  const answer = (body: unknown, ok = true) =>
    vi.fn(async () => ({ ok, json: async () => body }) as Response) as unknown as typeof fetch;

  it('is stale only when the server names another build', async () => {
    const fetcher = answer({ id: 'b2' });
    expect(await isBuildStale('b1', fetcher)).toBe(true);
    expect(fetcher).toHaveBeenCalledWith(latestBuildUrl, { cache: 'no-store' });
    expect(await isBuildStale('b2', answer({ id: 'b2' }))).toBe(false);
  });

  it('treats errors and odd answers as "not stale" (never reload on a network hiccup)', async () => {
    expect(await isBuildStale('b1', answer({ id: 'b2' }, false))).toBe(false);
    expect(await isBuildStale('b1', answer({}))).toBe(false);
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(await isBuildStale('b1', failing)).toBe(false);
  });
});
