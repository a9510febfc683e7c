import { localizePath } from '../../shared/locales.ts';
import { guestPaths, newsPaths } from '../helpers/site-routes.ts';
import { allow404, checkPage, newsArticleLinks } from './pages.ts';
import { describeE2E, expect, test } from './fixture.ts';

/**
 * Journeys (a) and (e) in ru: every guest route (docs/product/site.md) renders with lang ru-RU and passes axe; the 404
 * page.
 */

describeE2E('every guest route, ru', () => {
  for (const path of [...guestPaths, ...newsPaths]) {
    test(`${path} renders in ru`, async ({ page }) => {
      await checkPage(page, localizePath(path, 'ru'), 'ru');
    });
  }

  test('a news article (slug from the news list) renders in ru', async ({ page }) => {
    const links = await newsArticleLinks(page);
    expect(links, 'the news list links no article').not.toEqual([]);
    await checkPage(page, links[0]!, 'ru');
    await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
  });

  test('an unknown path answers the 404 page in ru', async ({ page, problems }) => {
    allow404(problems);
    await checkPage(page, '/the/path', 'ru', 404);
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain('404');
    await expect.poll(() => main.innerText()).toMatch(/страница не найдена/i);
    await expect.poll(() => main.innerText()).toContain('Страница не найдена: /the/path');
  });
});
