import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUser } from '../helpers/staff.ts';
import { activeUser, login } from '../helpers/accounts.ts';
import { build, type TestApp } from '../helpers/build.ts';

/**
 * The console's pages through the real app (SSR on): the role guard of issue 6 §1 on the session cookie, in both
 * locales. The API's own role checks are tested beside each section's routes.
 */
describe('operator console pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ seed: true, ssr: true, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  const page = (url: string, cookie?: string) => t.inject({ url, cookies: cookie ? { refreshToken: cookie } : {} });

  it('sends a guest to the login page of the locale, and back after it', async () => {
    for (const [url, login] of [
      ['/admin/audit', '/login?next=%2Fadmin%2Faudit'],
      ['/en/admin', '/en/login?next=%2Fen%2Fadmin'],
    ]) {
      const res = await page(url!);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(login);
    }
  });

  it('answers a customer with the 403 error page', async () => {
    await activeUser(t, 'shopper@example.com', 'customer password');
    const { cookie } = await login(t, 'shopper@example.com', 'customer password');
    const res = await page('/en/admin', cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('data-testid="admin-console"');
  });

  it('shows an operator the console with its menu, in ru and en, never cached', async () => {
    const operator = await staffUser(t, 'operator');
    const { cookie } = await login(t, operator.email, 'operator password 1');
    const ru = await page('/admin/audit', cookie);
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['cache-control']).toContain('no-store');
    expect(ru.body).toContain('data-testid="admin-console"');
    expect(ru.body).toContain('Журнал действий');
    const en = await page('/en/admin', cookie);
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('Operator console');
    expect(en.body).toContain('noindex');
  });
});
