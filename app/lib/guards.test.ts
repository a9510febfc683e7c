import { describe, expect, it } from 'vitest';
import { loginRedirectTarget } from './guards.ts';

describe('loginRedirectTarget', () => {
  it('sends a guest to the login page of their locale with the page they asked for as `next`', () => {
    expect(loginRedirectTarget('en', 'http://x.test/en/account/settings?tab=1')).toBe(
      '/en/login?next=%2Fen%2Faccount%2Fsettings%3Ftab%3D1',
    );
    expect(loginRedirectTarget('ru', 'http://x.test/account/orders')).toBe('/login?next=%2Faccount%2Forders');
  });

  it('names the page, not the data request, on a client navigation', () => {
    expect(
      loginRedirectTarget('en', 'http://x.test/en/account/settings.data?tab=1&_routes=en%3Aaccount%3Alayout'),
    ).toBe('/en/login?next=%2Fen%2Faccount%2Fsettings%3Ftab%3D1');
    expect(loginRedirectTarget('ru', 'http://x.test/_.data')).toBe('/login?next=%2F');
  });
});
