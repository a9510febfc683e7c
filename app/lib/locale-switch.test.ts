import { describe, expect, it } from 'vitest';
import { localeCookieLine, localeSwitchHref } from './locale-switch.ts';

describe('localeSwitchHref', () => {
  it('moves a ru page under /en and back, keeping the query string and fragment', () => {
    expect(localeSwitchHref('/faq', '?cur_from=BTC&cur_to=USDT', 'en', '#q3')).toBe(
      '/en/faq?cur_from=BTC&cur_to=USDT#q3',
    );
    expect(localeSwitchHref('/en/faq', '?cur_from=BTC', 'ru')).toBe('/faq?cur_from=BTC');
  });

  it('maps the home pages onto each other', () => {
    expect(localeSwitchHref('/', '', 'en')).toBe('/en');
    expect(localeSwitchHref('/en', '?ref=42', 'ru')).toBe('/?ref=42');
  });

  it('points the current locale at the same page', () => {
    expect(localeSwitchHref('/en/rules', '', 'en')).toBe('/en/rules');
    expect(localeSwitchHref('/rules', '', 'ru')).toBe('/rules');
  });

  it('does not mistake a path that merely starts with "en" for the prefix', () => {
    expect(localeSwitchHref('/english-page', '', 'en')).toBe('/en/english-page');
  });
});

describe('localeCookieLine', () => {
  it('writes the plain locale (not base64) for a year, site-wide, SameSite=Lax', () => {
    expect(localeCookieLine('en')).toBe('i18n_redirected=en; max-age=31536000; path=/; SameSite=Lax');
  });
});
