import { describe, expect, it } from 'vitest';
import { apiUrl, parseDrfErrors } from './api.ts';

describe('parseDrfErrors', () => {
  it('puts detail and non_field_errors above the form and field arrays under their fields', () => {
    expect(
      parseDrfErrors({ detail: 'No active account', non_field_errors: ['Locked'], email: ['Bad e-mail'], code: 'x' }),
    ).toEqual({ general: ['No active account', 'Locked'], fields: { email: ['Bad e-mail'] } });
  });

  it('accepts a bare string for a field', () => {
    expect(parseDrfErrors({ password: 'Too short' }).fields).toEqual({ password: ['Too short'] });
  });

  it('gives no messages for bodies that are not DRF errors', () => {
    for (const body of [null, 'oops', ['a'], 42, {}]) expect(parseDrfErrors(body)).toEqual({ general: [], fields: {} });
  });
});

describe('apiUrl', () => {
  it('prefixes the en API with /en (SPEC §7 base address)', () => {
    expect(apiUrl('en', '/front-api/auth/login/')).toBe('/en/front-api/auth/login/');
    expect(apiUrl('ru', '/front-api/auth/login/')).toBe('/front-api/auth/login/');
  });
});
