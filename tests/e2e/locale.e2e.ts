import { waitForHydration } from './pages.ts';
import { describeE2E, expect, test } from './fixture.ts';

/**
 * Journey (c): the language switch reloads the same page in the other locale, keeping the query string, and
 * remembers the choice in cookie `i18n_redirected` (plain value, SameSite=Lax, 365 days; docs/i18n.md).
 */

const year = 365 * 24 * 60 * 60;

describeE2E('language switch', () => {
  test('ru -> en keeps the query and sets i18n_redirected=en', async ({ page }) => {
    await page.goto('/rules?x=1');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'English' }).first().click();
    await page.waitForURL((u) => u.pathname === '/en/rules');
    const url = new URL(page.url());
    expect(url.search).toBe('?x=1');
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');

    const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie, 'cookie i18n_redirected').toBeDefined();
    expect(cookie!.value).toBe('en');
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    const left = cookie!.expires - Date.now() / 1000;
    expect(left).toBeGreaterThan(year - 2 * 86400);
    expect(left).toBeLessThan(year + 2 * 86400);
  });

  test('en -> ru keeps the query and sets i18n_redirected=ru', async ({ page }) => {
    await page.goto('/en/rules?x=1&y=2');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Русский' }).first().click();
    await page.waitForURL((u) => u.pathname === '/rules');
    expect(new URL(page.url()).search).toBe('?x=1&y=2');
    expect(await page.getAttribute('html', 'lang')).toBe('ru-RU');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('ru');
  });
});
