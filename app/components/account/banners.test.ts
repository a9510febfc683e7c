import { describe, expect, it } from 'vitest';
import { bannerCode, bannerSizes, escapeHtml, textLinkCode } from './banners.ts';
import { existsSync } from 'node:fs';

describe('banner embed codes', () => {
  it('link the banner to the referral link, with absolute addresses on the site’s public origin', () => {
    expect(bannerCode('https://obmen.example/en?ref=AB12CD34', 'en', bannerSizes[0], 'Obmen')).toBe(
      '<a href="https://obmen.example/en?ref=AB12CD34" target="_blank" rel="noopener">' +
        '<img src="https://obmen.example/banners/en/468x60.svg" width="468" height="60" alt="Obmen"></a>',
    );
  });

  it('escape what could break out of an attribute or start markup', () => {
    expect(escapeHtml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&#39;');
    expect(textLinkCode('https://obmen.example/?ref=X&y=1', 'USDT <fast>')).toBe(
      '<a href="https://obmen.example/?ref=X&amp;y=1" target="_blank" rel="noopener">USDT &lt;fast&gt;</a>',
    );
  });

  it('has a drawn file for every size in both languages', () => {
    for (const locale of ['ru', 'en'])
      for (const s of bannerSizes)
        expect(
          existsSync(`public/banners/${locale}/${s.width}x${s.height}.svg`),
          `${locale} ${s.width}x${s.height}`,
        ).toBe(true);
  });
});
