import { mkdirSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { newsArticleLinks, waitForHydration } from './pages.ts';
import { describeE2E, desktop, expect, phone, test } from './fixture.ts';

/**
 * Journey (c): the language switch reloads the same page in the other locale, keeping the query string, and
 * remembers the choice in cookie `i18n_redirected` (plain value, SameSite=Lax, 365 days; docs/i18n.md). News is
 * Russian only: English on a news page opens the English home page, which says why. Screenshots of that go to
 * tmp/shots-locale/ for review.
 */

const shots = 'tmp/shots-locale';
mkdirSync(shots, { recursive: true });

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

  test('English on a news article opens the English home page, which says news is in Russian only', async ({
    newPage,
  }) => {
    for (const [device, viewport] of [
      ['phone', phone],
      ['desktop', desktop],
    ] as const) {
      const page = await newPage({ viewport });
      const [article] = await newsArticleLinks(page);
      expect(article, 'a seeded news article').toBeDefined();
      await page.goto(article!);
      await waitForHydration(page);
      await page.screenshot({ path: `${shots}/news-article-ru-${device}.png` });

      await page.getByRole('link', { name: 'English' }).first().click();
      await page.waitForURL((u) => u.pathname === '/en');
      await waitForHydration(page);
      expect(await page.getAttribute('html', 'lang')).toBe('en-US');
      const note = page.getByTestId('news-in-russian-only');
      expect(await note.innerText()).toBe(
        'News is published in Russian only, so you are on the English home page. Read the news in Russian',
      );
      // The address is the home page's own again: a link copied from it (with the calculator's pair) says nothing
      // of news to whoever opens it.
      expect(new URL(page.url()).search).toBe('');
      await page.screenshot({ path: `${shots}/home-from-news-en-${device}.png` });
      await expectNoSeriousA11yViolations(page);

      await note.getByRole('link', { name: 'Read the news in Russian' }).click();
      await page.waitForURL((u) => u.pathname === '/news');
      expect(await page.getAttribute('html', 'lang')).toBe('ru-RU');
    }
  });
});
