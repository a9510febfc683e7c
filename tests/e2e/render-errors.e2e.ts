import { waitForHydration } from './pages.ts';
import { describeE2E, expect, test } from './fixture.ts';

/**
 * A render error in the browser is logged once (docs/testing.md): React Router's error boundary writes it, and React's
 * own report of an error a boundary caught (`onCaughtError`, app/entry.client.tsx) writes nothing more. React's
 * default had printed the same error a second time.
 */
describeE2E('a render error in the browser', () => {
  test('a link to a page whose data its component cannot render: the error page, one console line', async ({
    page,
    site,
    problems,
  }) => {
    await page.goto('/en');
    await waitForHydration(page);
    const contentPage = site.app.services.content.page;
    // Data the page's header cannot render (as tests/api/render-errors.test.ts does on the server): an object where
    // its lead text goes. The loader answers it (a 200), the component throws as it renders in the browser.
    site.app.services.content.page = async (slug, locale) => {
      const found = await contentPage.call(site.app.services.content, slug, locale);
      return found && { ...found, description: { not: 'text' } as unknown as string };
    };
    try {
      const before = problems.list.length;
      const data = page.waitForResponse((r) => new URL(r.url()).pathname === '/en/rules.data');
      await page
        .locator('a[href="/en/rules"]')
        .first()
        .evaluate((a: HTMLAnchorElement) => a.click());
      // A client-side navigation (its data request, not a document load), answered.
      expect((await data).status()).toBe(200);
      await expect
        .poll(() =>
          page
            .getByTestId('error-page')
            .innerText()
            .catch(() => ''),
        )
        .toContain('Something went wrong');
      expect(new URL(page.url()).pathname).toBe('/en/rules');
      // Late lines too: React reports a caught error after the commit.
      await page.waitForTimeout(500);
      const lines = problems.list.slice(before);
      // React's production build writes error #31 ("Objects are not valid as a React child") by number.
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/React Router caught the following error during render.*(#31|Objects are not valid)/s);
      problems.allow(/React Router caught the following error during render/);
    } finally {
      site.app.services.content.page = contentPage;
    }
  });
});
