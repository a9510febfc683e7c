import type { Page } from 'playwright-core';
import type { UserRole } from '../../server/db/schema-users.ts';
import { staffUser } from '../helpers/staff.ts';
import type { Site } from './fixture.ts';
import { waitForHydration } from './pages.ts';

let n = 0;

/**
 * Opens a console page as a new staff member: the guard sends the guest to the login page, which logs in and returns
 * to `path`. `prefix` is '' (ru) or '/en'. Resolves to the member's e-mail.
 */
export async function logInToConsole(
  page: Page,
  site: Site,
  prefix: '' | '/en',
  path: string,
  role: UserRole = 'operator',
): Promise<string> {
  const email = `e2e-${role}-${Date.now().toString(36)}${n++}@obmen.test`;
  await staffUser(site.app, role, email);
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
