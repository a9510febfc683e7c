import type { Page } from 'playwright-core';
import { receiveFor } from '../../shared/exchange/calculator.ts';
import { groupedAmountText } from '../../app/lib/exchange/amounts.ts';
import type { PairSettings } from '../../shared/schemas/exchange.ts';
import { refreshCookieName } from '../../shared/schemas/auth.ts';
import { activeUser, login } from '../helpers/accounts.ts';
import { describeE2E, expect, phone, test } from './fixture.ts';
import { checkPage, waitForHydration } from './pages.ts';

/**
 * A page from the anonymous page cache (docs/decisions/0026-anonymous-page-cache.md) in Chromium: the second visitor
 * gets the stored bytes, whose CSP allows the page's inline scripts by their hashes instead of a nonce. The page must
 * hydrate and the calculator must work from the first tap, with no CSP violation or other error (the fixture fails
 * on any), in both languages. A link followed in the page asks for the next page's data, which a second visitor gets
 * from the cache too.
 */

const amount = (page: Page, name: 'fromSumma' | 'toSumma') => page.locator(`input[name="${name}"]`);

/** The calculator answers a tap and typing: the page's scripts ran. */
async function calculates(page: Page, pair: PairSettings, locale: 'ru' | 'en') {
  await amount(page, 'fromSumma').tap();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('fromSumma');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('20000');
  // The other field, not typed in, written as the page's language writes its figures (a decimal comma in ru).
  await expect
    .poll(() => amount(page, 'toSumma').inputValue())
    .toBe(groupedAmountText(receiveFor(pair, '20000'), locale));
}

describeE2E('a page from the cache, in the browser', () => {
  for (const [locale, home] of [
    ['en', '/en?cur_from=SBERRUB&cur_to=USDTTRC20'],
    ['ru', '/?cur_from=SBERRUB&cur_to=USDTTRC20'],
  ] as const) {
    test(`${locale}: the second visitor's cached home page hydrates and calculates from the first tap`, async ({
      newPage,
      site,
    }) => {
      const byCode = new Map(
        (
          (await (await fetch(`${site.url}/api/v1/calculator/`)).json()) as { results: { id: number; code: string }[] }
        ).results.map((c) => [c.code, c.id]),
      );
      const pair = (await (
        await fetch(`${site.url}/api/v1/calculator/pair/${byCode.get('SBERRUB')}/${byCode.get('USDTTRC20')}/`)
      ).json()) as PairSettings;

      // Two visitors, each in a browser of their own: the first gets the rendered page, the second the stored copy.
      // From an empty cache (the site lives for the whole file: a retry would otherwise find the first try's copy).
      site.app.services.content.invalidate();
      const seen: (string | null)[] = [];
      for (let visitor = 0; visitor < 2; visitor++) {
        const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
        const answer = page.waitForResponse((r) => new URL(r.url()).pathname === new URL(site.url + home).pathname);
        await checkPage(page, home, locale);
        const res = await answer;
        seen.push(await res.headerValue('x-page-cache'));
        const csp = String(await res.headerValue('content-security-policy'));
        const etag = await res.headerValue('etag');
        if (visitor === 1) {
          expect(csp).toContain("'sha256-");
          expect(csp).not.toContain("'nonce-");
        }

        await calculates(page, pair, locale);
        if (visitor === 1) {
          // A reload revalidates the held copy: 304, and the browser keeps the 304's headers over the held page's.
          // Its policy must still allow the page's scripts: the page hydrates and calculates again, with no CSP error.
          const revalidated = page.waitForResponse(
            (r) => new URL(r.url()).pathname === new URL(site.url + home).pathname,
          );
          await page.reload({ waitUntil: 'load' });
          // Chromium shows the held answer merged with the 304 as a 200: the request's validator tells.
          const sent = (await (await revalidated).request().allHeaders())['if-none-match'];
          seen.push(sent === etag ? 'revalidated' : `fetched (${sent})`);
          await waitForHydration(page);
          await calculates(page, pair, locale);
        }
      }
      expect(seen).toEqual(['miss', 'hit', 'revalidated']);
    });
  }

  test('a link followed by a second visitor gets the next page’s data from the cache, and shows that page', async ({
    newPage,
    site,
  }) => {
    site.app.services.content.invalidate();
    const seen: (string | null)[] = [];
    for (let visitor = 0; visitor < 2; visitor++) {
      const page = await newPage();
      await page.goto('/en/rules');
      await waitForHydration(page);
      const data = page.waitForResponse((r) => new URL(r.url()).pathname === '/en/faq.data');
      await page.getByRole('banner').getByRole('link', { name: 'FAQ', exact: true }).click();
      seen.push(await (await data).headerValue('x-page-cache'));
      await page.waitForURL((u) => u.pathname === '/en/faq');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/question/i);
    }
    expect(seen).toEqual(['miss', 'hit']);
  });

  test('a logged-in customer’s copy shows their own e-mail, hydrates under its hashes and follows links', async ({
    newPage,
    site,
  }) => {
    site.app.services.content.invalidate();
    const stamp = Date.now();
    const seen: (string | null)[] = [];
    for (const email of [`first-${stamp}@obmen.test`, `second-${stamp}@obmen.test`]) {
      await activeUser(site.app, email);
      const { cookie } = await login(site.app, email, 'correct horse battery');
      const page = await newPage();
      await page.context().addCookies([{ name: refreshCookieName, value: cookie, url: site.url }]);
      const res = (await page.goto('/en/rules', { waitUntil: 'load' }))!;
      seen.push(await res.headerValue('x-page-cache'));
      await waitForHydration(page);
      // The header's account link names this visitor, and no one else.
      const account = page.getByRole('banner').getByRole('link', { name: email });
      await expect.poll(() => account.count()).toBe(1);
      const content = await page.content();
      expect(content).not.toContain('stand-in');
      if (email.startsWith('second')) expect(content).not.toContain(`first-${stamp}`);
      // A link followed in the page: the next page comes through the client's router, still this visitor's.
      await page.getByRole('banner').getByRole('link', { name: 'FAQ', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/en/faq');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/question/i);
      await expect.poll(() => account.count()).toBe(1);
    }
    expect(seen).toEqual(['miss', 'hit']);
  });
});
