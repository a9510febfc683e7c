import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { bannerSizes } from '../../app/components/account/banners.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { signedInCustomer, waitForHydration } from './pages.ts';
import { describeE2E, expect, phone, test, type Site } from './fixture.ts';

/**
 * Issue 14, partners: the promo materials page (/account/adv) as a partner uses it. The embed codes, pasted exactly
 * as the page shows them into a page of another site, show every banner (the banners answer
 * `Cross-Origin-Resource-Policy: cross-origin`); the page fits a 390 px phone; no banner's text runs off its edge.
 */

/** A logged-in partner's browser page. */
const partnerPage = (site: Site, page: Page) => signedInCustomer(site, page, 'partner');

/** A page of "another site": served on localhost (another host, so another origin and another site than 127.0.0.1). */
async function otherSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, server };
}

describeE2E('partners: promo materials', () => {
  for (const locale of ['ru', 'en'] as const) {
    const prefix = locale === 'ru' ? '' : '/en';

    test(`${locale}: the embed codes as the page shows them load every banner on another site`, async ({
      page,
      site,
    }) => {
      await partnerPage(site, page);
      await page.goto(`${prefix}/account/adv`);
      await waitForHydration(page);
      const codes = await page
        .getByTestId('banner')
        .locator('textarea')
        .evaluateAll((areas) => areas.map((a) => (a as HTMLTextAreaElement).value));
      expect(codes).toHaveLength(bannerSizes.length);
      const other = await otherSite(
        `<!doctype html><html lang="${locale}"><head><title>partner</title></head><body>${codes.join('\n')}</body></html>`,
      );
      try {
        await page.goto(other.url);
        await page.waitForLoadState('load');
        const images = await page.locator('img').evaluateAll((imgs) =>
          imgs.map((i) => {
            const img = i as HTMLImageElement;
            return { src: img.currentSrc, complete: img.complete, width: img.naturalWidth };
          }),
        );
        expect(images).toHaveLength(bannerSizes.length);
        for (const img of images) {
          expect(img.src.startsWith(`${site.url}/banners/${locale}/`), img.src).toBe(true);
          expect(img.complete && img.width > 0, `${img.src} did not load on ${other.url}`).toBe(true);
        }
      } finally {
        other.server.close();
      }
    });

    test(`${locale}, phone: the page fits 390 px, codes stay in their boxes`, async ({ newPage, site }) => {
      const page = await newPage({ viewport: phone });
      await partnerPage(site, page);
      await page.goto(`${prefix}/account/adv`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
      // Every code box lies inside the screen and shows its code wrapped: nothing wider than the box.
      const boxes = await page.locator('main textarea').evaluateAll((areas) =>
        areas.map((a) => {
          const r = a.getBoundingClientRect();
          return { left: r.left, right: r.right, scroll: a.scrollWidth, client: a.clientWidth };
        }),
      );
      expect(boxes.length).toBeGreaterThan(bannerSizes.length);
      for (const b of boxes) {
        expect(b.left).toBeGreaterThanOrEqual(0);
        expect(b.right).toBeLessThanOrEqual(phone.width);
        expect(b.scroll).toBeLessThanOrEqual(b.client);
      }
      await expectNoSeriousA11yViolations(page);
    });

    test(`${locale}: no banner's text runs off its edges`, async ({ page, site }) => {
      for (const size of bannerSizes) {
        const url = `${site.url}/banners/${locale}/${size.width}x${size.height}.svg`;
        // The file inline in a page, where its text can be measured; fonts as any page of this browser has them.
        await page.setContent(`<!doctype html><body style="margin:0">${await (await fetch(url)).text()}</body>`);
        const overflow = await page.evaluate(() => {
          const svg = document.querySelector('svg')!;
          const box = svg.viewBox.baseVal;
          return [...svg.querySelectorAll('text')]
            .map((t) => ({ text: t.textContent ?? '', b: t.getBBox() }))
            .filter(({ b }) => b.x < box.x + 2 || b.x + b.width > box.x + box.width - 2 || b.y < 0)
            .map(({ text, b }) => `${text}: x ${b.x.toFixed(1)}..${(b.x + b.width).toFixed(1)} of ${box.width}`);
        });
        expect(overflow, url).toEqual([]);
      }
    });
  }
});
