import { describe } from 'vitest';
import { contentPages } from '../../server/db/schema.ts';
import { build, canUsePostgres, freshDatabase, postgresServer } from '../helpers/build.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { takeConsoleErrors } from '../setup/no-console-error.ts';
import { waitForHydration } from './pages.ts';
import { describeE2E, expect, phone, test as base, type Site, freePort } from './fixture.ts';

/**
 * The page a visitor sees while the database is away (docs/architecture.md, "When the database goes away"): 503, and
 * the error page says the service will be back shortly, before and after hydration (the browser's copy of the state
 * carries the same 503), and after a link followed in the page (its data request answers 503 too). The site runs on
 * PostgreSQL behind a TCP proxy the test switches to refusing.
 */

type Proxy = Awaited<ReturnType<typeof startTcpProxy>>;

const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern
  .extend('proxy', { scope: 'file' }, async ({}, { onCleanup }): Promise<Proxy> => {
    const proxy = await startTcpProxy(postgresServer());
    onCleanup(() => proxy.close());
    return proxy;
  })
  .extend('site', { scope: 'file' }, async ({ proxy }, { onCleanup }): Promise<Site> => {
    const database = await freshDatabase({
      postgres: true,
      throughPort: proxy.port,
      timeouts: { connectMs: 500, statementMs: 1000 },
    });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = await build({ database, env: { PUBLIC_URL: url, JOBS: 'false' } });
    onCleanup(async () => {
      proxy.set('forward');
      await app.close();
      await database.close();
    });
    await app.app.listen({ port, host: '127.0.0.1' });
    return { url, app };
  });

const cases = [
  { locale: 'ru', prefix: '', viewport: phone, text: 'скоро вернёмся', hint: 'Ваши заявки и средства в сохранности' },
  {
    locale: 'en',
    prefix: '/en',
    viewport: undefined,
    text: 'we will be back shortly',
    hint: 'orders and funds are safe',
  },
] as const;

(canUsePostgres ? describeE2E : describe.skip)('a page while the database is away (PostgreSQL)', () => {
  for (const c of cases) {
    test(`${c.locale}: 503, and the page says the service will be back shortly`, async ({
      newPage,
      proxy,
      problems,
    }) => {
      // Chromium logs the document's 503 as a console error: expected here.
      problems.allow(/status of 503/);
      const page = await newPage(c.viewport ? { viewport: c.viewport } : {});
      proxy.set('refuse');
      try {
        // A claim page reads the database on every request; a new address per case (no kept copy answers it).
        const res = await page.goto(
          `${c.prefix}/claim/00000000-0000-4000-8000-00000000000${c.locale === 'ru' ? 1 : 2}`,
        );
        expect(res!.status()).toBe(503);
        const errorPage = page.getByTestId('error-page');
        expect(await errorPage.innerText()).toContain(c.hint);
        expect(await page.title()).toBe(`503 ${c.text}`);
        await waitForHydration(page);
        // Hydrated with the same state: no mismatch (the fixture fails on its console error), the same words.
        expect(await errorPage.innerText()).toContain(c.hint);
        expect(await page.title()).toBe(`503 ${c.text}`);
      } finally {
        proxy.set('forward');
        // The server logged the loader's error, as it logs every one it catches.
        takeConsoleErrors();
      }
    });
  }

  const links = [
    {
      // The archive reads a page of news the list did not (no kept copy answers it): the loader meets the outage.
      name: 'a link followed while the database is away shows the same page, not "something went wrong"',
      href: '/news/archive/news',
      pastServices: false,
    },
    {
      // The rules page's loader meets the outage past the outage-aware services: its data request answered React
      // Router's "Unexpected Server Error", a 500, and the page said "something went wrong".
      name: 'a link whose page reads the database past the outage-aware services shows the same page too',
      href: '/rules',
      pastServices: true,
    },
  ];
  for (const link of links) {
    test(link.name, async ({ newPage, proxy, site, problems }) => {
      // The navigation's data request answers 503: Chromium logs it as a console error.
      problems.allow(/status of 503/);
      // News are shown in Russian only (docs/product/site.md); a phone, as most visitors.
      const page = await newPage({ viewport: phone });
      await page.goto('/news');
      await waitForHydration(page);
      const contentPage = site.app.services.content.page;
      // A query builder is a lazy thenable, not a promise: the outage-aware services hand it over as it is.
      if (link.pastServices)
        site.app.services.content.page = (() =>
          site.app.database.db.select().from(contentPages).limit(1)) as unknown as typeof contentPage;
      proxy.set('refuse');
      try {
        // The link's own click, not a pointer's: on a loaded CI machine Playwright's pointer checks on the phone-sized
        // page once ran out of their 10 s (what is tested is the router's answer, not the tap).
        const data = page.waitForResponse((r) => new URL(r.url()).pathname === `${link.href}.data`);
        await page
          .locator(`a[href="${link.href}"]`)
          .first()
          .evaluate((a: HTMLAnchorElement) => a.click());
        // The router asked for the page's data (a client-side navigation, not a document load) and got the 503.
        expect((await data).status()).toBe(503);
        const errorPage = page.getByTestId('error-page');
        await expect.poll(() => errorPage.innerText().catch(() => ''), { timeout: 15_000 }).toContain(cases[0].hint);
        expect(await page.title()).toBe(`503 ${cases[0].text}`);
        expect(new URL(page.url()).pathname).toBe(link.href);
      } finally {
        proxy.set('forward');
        site.app.services.content.page = contentPage;
        takeConsoleErrors();
      }
    });
  }
});
