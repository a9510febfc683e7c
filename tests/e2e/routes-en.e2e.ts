import { localizePath } from '../../shared/locales.ts';
import { guestPaths } from '../helpers/site-routes.ts';
import { allow404, checkPage, waitForHydration } from './pages.ts';
import { describeE2E, expect, test } from './fixture.ts';

/** Journeys (a), (e), (f) in en: every guest route renders with lang en-US and passes axe; 404; /en/news goes home. */

describeE2E('every guest route, en', () => {
  for (const path of guestPaths) {
    test(`/en${path === '/' ? '' : path} renders in en`, async ({ page }) => {
      await checkPage(page, localizePath(path, 'en'), 'en');
    });
  }

  test('an unknown path answers the 404 page in en', async ({ page, problems }) => {
    allow404(problems);
    await checkPage(page, '/en/the/path', 'en', 404);
    const text = () => page.locator('main').innerText();
    await expect.poll(text).toContain('404');
    await expect.poll(text).toMatch(/page not found/i);
    // The path as the visitor sees it, with or without the locale prefix.
    await expect.poll(text).toMatch(/Page not found: (\/en)?\/the\/path/);
    expect(await page.title()).toMatch(/^404 page not found/i);
  });

  test('/en/news redirects to /en (News is hidden in English)', async ({ page, site }) => {
    const res = await page.goto('/en/news');
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/en');
    expect(res?.status()).toBe(200);
    expect(page.url().startsWith(site.url)).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
  });
});
