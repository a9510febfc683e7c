import { describe, expect, it } from 'vitest';
import { isEmail, safeNext } from './validation.ts';

describe('isEmail', () => {
  it('accepts ordinary addresses and rejects obvious mistakes', () => {
    expect(isEmail('User@Example.com')).toBe(true);
    expect(isEmail(' a@b.co ')).toBe(true);
    for (const bad of ['', 'a', 'a@b', '@b.co', 'a b@c.de', 'a@b c.de']) expect(isEmail(bad)).toBe(false);
  });
});

describe('safeNext', () => {
  it('keeps paths on this site only', () => {
    expect(safeNext('/en/account/settings?tab=1')).toBe('/en/account/settings?tab=1');
    for (const bad of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'account',
    ])
      expect(safeNext(bad)).toBeNull();
  });
});
