import { describe, expect, it } from 'vitest';
import { contentPagePath, landingPath } from './paths.ts';
import { knownRateSymbols, rateSourcePattern } from './rate-sources.ts';

describe('the symbols the directions editor offers', () => {
  it('lists each source’s common symbols and every one a direction uses, sorted, without repeats', () => {
    const known = knownRateSymbols(['binance:ZZZUSDT', 'cbr:USD', 'typo:ABC', '', 'ecb:xyz']);
    expect(known.binance).toContain('USDTRUB');
    expect(known.binance).toContain('ZZZUSDT');
    expect(known.cbr.filter((s) => s === 'USD')).toHaveLength(1);
    expect(known.ecb).toContain('XYZ');
    expect(known.binance).toEqual([...known.binance].sort());
    // Every offered choice is a rateSource the API accepts.
    for (const [source, symbols] of Object.entries(known))
      for (const symbol of symbols) expect(`${source}:${symbol}`).toMatch(rateSourcePattern);
  });
});

describe('paths', () => {
  it('staff land on the console, customers on their claims', () => {
    expect(landingPath('operator')).toBe('/admin');
    expect(landingPath('admin')).toBe('/admin');
    expect(landingPath('customer')).toBe('/account/orders');
  });

  it('a content entry’s real path', () => {
    expect(contentPagePath('partners-users')).toBe('/partners/users');
    expect(contentPagePath('rules')).toBe('/rules');
    expect(contentPagePath('constructor')).toBeNull();
  });
});
