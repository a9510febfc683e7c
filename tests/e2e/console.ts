import type { Page } from 'playwright-core';
import { staffUser } from '../../server/modules/admin/test-support.ts';
import type { Site } from './fixture.ts';
import { waitForHydration } from './pages.ts';

let n = 0;

/**
 * A new operator (or admin) opens a console page: the guard sends them to the login page, the login form brings them
 * back to `path`, hydrated. Answers the operator's e-mail.
 */
export async function logInToConsole(
  page: Page,
  site: Site,
  opts: { prefix: '' | '/en'; path: string; role?: 'operator' | 'admin' },
): Promise<string> {
  const { prefix, path } = opts;
  const email = `e2e-op-${Date.now().toString(36)}${n++}@obmen.test`;
  await staffUser(site.app, opts.role ?? 'operator', email);
  await page.goto(`${prefix}${path}`);
  await page.waitForURL((u) => u.pathname === `${prefix}/login`);
  await waitForHydration(page);
  const form = page.getByTestId('login-form').first();
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel(prefix ? 'Password' : 'Пароль', { exact: true }).fill('operator password 1');
  await form.getByRole('button', { name: prefix ? 'Log in' : 'Войти', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `${prefix}${path}`);
  await waitForHydration(page);
  return email;
}
