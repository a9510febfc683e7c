import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, stripLocale } from './locales.ts';

describe('locales', () => {
  it('takes the locale from the path only', () => {
    expect(localeFromPath('/')).toBe('ru');
    expect(localeFromPath('/rules')).toBe('ru');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/rules')).toBe('en');
    expect(localeFromPath('/english')).toBe('ru');
  });

  it('moves a path between locales and back', () => {
    for (const p of ['/', '/rules', '/news/archive/news', '/claim/0b9c']) {
      expect(stripLocale(localizePath(p, 'en'))).toBe(p);
      expect(localizePath(p, 'ru')).toBe(p);
    }
    expect(localizePath('/', 'en')).toBe('/en');
    expect(stripLocale('/en')).toBe('/');
  });
});
