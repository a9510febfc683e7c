import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe.ts';
import type { Problems, Site } from './fixture.ts';
import { htmlLang } from '../../shared/locales.ts';
import { refreshCookieName } from '../../shared/schemas/auth.ts';
import { activeUser, login } from '../helpers/accounts.ts';
import type { PairSettings } from '../../shared/schemas/exchange.ts';

/** Opens `path`, expects `status`, the locale's <html lang>, a <main>, and no serious axe findings. */
export async function checkPage(page: Page, path: string, locale: 'ru' | 'en', status = 200) {
  const res = await page.goto(path, { waitUntil: 'load' });
  expect(res, `no response for ${path}`).not.toBeNull();
  expect(res!.status(), `status of ${path}`).toBe(status);
  expect(await page.getAttribute('html', 'lang')).toBe(htmlLang[locale]);
  await expect.poll(() => page.locator('main').count(), { message: `<main> on ${path}` }).toBeGreaterThan(0);
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
}

/**
 * Waits for the page to be React's (`<html data-hydrated>`, app/lib/use-hydrated.ts): a press before that would find
 * a submit button still disabled, or a form React does not handle yet. Then until the network is quiet, so late
 * errors are seen too.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

/** Chromium logs the main document's 404 as a console error; pages that should answer 404 allow exactly that. */
export function allow404(problems: Problems) {
  problems.allow(/Failed to load resource: the server responded with a status of 404/);
}

/** The news article links on the news list page (slugs come from the seeded demo news). */
export async function newsArticleLinks(page: Page, prefix = ''): Promise<string[]> {
  await page.goto(`${prefix}/news`);
  const hrefs = await page
    .locator(`a[href^="${prefix}/news/"]`)
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((h) => !h.includes('/news/archive')).map((h) => h.split(/[?#]/)[0]!);
}

/**
 * Opens `path` as a guest: the guard sends the browser to the login page of the path's language, which sends it back
 * to `path` once logged in. `t` names the login form's fields in that language.
 */
export async function logInThroughGuard(
  page: Page,
  path: string,
  who: { email: string; password: string },
  t: { prefix: string; email: string; password: string; login: string },
) {
  await page.goto(path);
  await page.waitForURL((u) => u.pathname === `${t.prefix}/login`);
  await waitForHydration(page);
  const form = page.getByTestId('login-form').first();
  await form.getByLabel(t.email, { exact: true }).fill(who.email);
  await form.getByLabel(t.password, { exact: true }).fill(who.password);
  await form.getByRole('button', { name: t.login, exact: true }).click();
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
  await waitForHydration(page);
}

let customers = 0;

/**
 * A new active customer logged in in `page`'s browser (the refresh cookie of an API login, which the server render
 * reads), without going through the login form. Their e-mail.
 */
export async function signedInCustomer(site: Site, page: Page, tag: string): Promise<string> {
  const email = `${tag}-${Date.now().toString(36)}${customers++}@example.com`;
  await activeUser(site.app, email);
  const { cookie } = await login(site.app, email, 'correct horse battery');
  await page.context().addCookies([{ name: refreshCookieName, value: cookie, url: site.url, httpOnly: true }]);
  return email;
}

/**
 * Text with no-break spaces made plain: money is written "100,00 USDT" with a no-break space inside one element and a
 * plain one between elements (shared/format.ts), and innerText keeps whichever the page has.
 */
export const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

/** The calculator's settings of a pair as the site at `base` answers them, by the currencies' codes. */
export async function pairByCodes(base: string, from: string, to: string): Promise<PairSettings> {
  const list = await getJson<{ results: { id: number; code: string }[] }>(`${base}/api/v1/calculator/`);
  const id = (code: string) => list.results.find((c) => c.code === code)!.id;
  return getJson<PairSettings>(`${base}/api/v1/calculator/pair/${id(from)}/${id(to)}/`);
}
