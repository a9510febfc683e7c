import { describe, expect, it } from 'vitest';
import { resources } from './resources.ts';

/** Every leaf key of a catalogue, dotted. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogues', () => {
  it('en has every key of the ru source catalogue, and no stray ones', () => {
    const ru = keys(resources.ru).sort();
    const en = keys(resources.en).sort();
    expect(en.filter((k) => !ru.includes(k))).toEqual([]);
    expect(ru.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('has no empty translations in either language', () => {
    for (const locale of ['ru', 'en'] as const) {
      const empty = leaves(resources[locale]).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(empty.map(([k]) => `${locale}:${k}`)).toEqual([]);
    }
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const en = new Map(leaves(resources.en));
    for (const [key, ru] of leaves(resources.ru)) expect(vars(en.get(key)), key).toEqual(vars(ru));
  });

  it('carries the spec English strings verbatim', () => {
    const en = resources.en.frame;
    expect(en.footer.copyright).toBe('Electronic currency exchange service');
    expect(en.error.notFoundPath).toBe('Page not found: {{path}}');
    expect(en.error.generic).toBe('Something went wrong');
    expect(en.nav.currencySearch).toBe('Currency search');
    expect(en.header.login).toBe('Log in');
    expect(en.header.logout).toBe('Sign out');
    expect(en.header.signUp).toBe('Sign Up');
  });
});
