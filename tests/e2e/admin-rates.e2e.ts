import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { directions, currencies } from '../../server/db/schema-exchange.ts';
import { ratesFixtureServer } from '../helpers/rate-sources.ts';
import { courseFromSource } from '../../shared/exchange/calculator.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { logInToConsole } from './console.ts';
import { describeE2E, expect, phone, siteEnv, test, type Site } from './fixture.ts';

/**
 * Issue 6 §4 in Chromium: an operator refreshes the rate sources from /admin/rates and the calculator offers the new
 * course; a direction whose rate is older than its limit is marked stale and is not offered, a failing source is
 * reported, and a fresh rate puts the direction back on sale. The sources are the recorded fixtures, served from
 * 127.0.0.1 (no network here). Screenshots go to tmp/shots-rates/.
 */

const sources = ratesFixtureServer();
// No scheduled refresh: each rate change in these journeys comes from the page's button.
siteEnv({ RATES_REFRESH_MINUTES: '0', ...(await sources.start()) });
afterAll(() => sources.close());

const shots = 'tmp/shots-rates';
// The demo sells USDT for roubles at Binance's USDTRUB less a 2.5 % markup; the fixture's USDTRUB is 101.37.
const freshCourse = courseFromSource('101.37', '2.5');

/** The demo direction USDTTRC20 -> SBERRUB, changed by `set` first (the calculator's ready answers dropped). */
async function usdtToRub(site: Site, set: Partial<typeof directions.$inferInsert> = {}) {
  const db = site.app.database.db;
  const id = async (code: string) =>
    (await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code)))[0]!.id;
  const [from, to] = [await id('USDTTRC20'), await id('SBERRUB')];
  const where = and(eq(directions.fromCurrencyId, from), eq(directions.toCurrencyId, to));
  if (Object.keys(set).length) await db.update(directions).set(set).where(where);
  site.app.services.calculator.cache.invalidate();
  const [d] = await db.select().from(directions).where(where);
  return { ...d!, pairUrl: `/api/v1/calculator/pair/${from}/${to}/` };
}

/**
 * The exact rates of the page whose figure is broken over lines (none, whatever the width): each `rate-exact` line's
 * figure, its last word, measured as the browser laid it out.
 */
async function brokenExactRates(page: Page): Promise<string[]> {
  return page.getByTestId('rate-exact').evaluateAll((lines) =>
    lines.flatMap((line) => {
      const text = line.firstChild;
      if (!(text instanceof Text)) return [`no text in ${line.outerHTML}`];
      const figure = text.data.lastIndexOf(' ') + 1;
      const range = document.createRange();
      range.setStart(text, figure);
      range.setEnd(text, text.data.length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return tops.size === 1 ? [] : [text.data];
    }),
  );
}

describeE2E('operator console: rates', () => {
  test('en, desktop: "Refresh now" reads the sources; the course, the calculator and the history follow', async ({
    site,
    newPage,
  }) => {
    mkdirSync(shots, { recursive: true });
    const d = await usdtToRub(site, { sourceRate: '90', sourceUpdatedAt: new Date(), maxRateAgeMinutes: null });
    expect(d.rateSource).toBe('binance:USDTRUB');
    const page = await newPage();
    await logInToConsole(page, site, '/en', '/admin/rates');
    const row = page.getByTestId(`rate-direction-${d.id}`);
    await expect.poll(() => row.innerText()).toContain('90');
    const history = page.locator('section[aria-labelledby="rate-history"]');
    // The demo seed's rates are none of the history's, and the page says so.
    await expect.poll(() => history.innerText()).toContain('No source has sent a rate yet.');

    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Rates refreshed.');
    await expect.poll(() => row.innerText()).toContain(freshCourse);
    await expect.poll(() => history.innerText()).toContain('USDTRUB');
    await expect.poll(() => history.innerText()).toContain('101.37');
    const binance = page.getByTestId('rate-source-binance');
    await expect.poll(() => binance.innerText()).toContain('Working');

    const offered = (await (await page.request.get(d.pairUrl)).json()) as { course: string };
    expect(offered.course).toBe(freshCourse);
    // Every exact rate (the sources' long ones such as 0.010863661053775123 among them) on one line.
    expect(await page.getByTestId('rate-exact').count()).toBeGreaterThan(3);
    expect(await brokenExactRates(page)).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await brokenExactRates(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/rates-en-desktop.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('ru, phone: a stale rate takes the direction off sale; a failing source is reported; a fresh one brings it back', async ({
    site,
    newPage,
  }) => {
    const d = await usdtToRub(site, { maxRateAgeMinutes: 10, sourceUpdatedAt: new Date(Date.now() - 60 * 60_000) });
    const page = await newPage({ viewport: phone });
    const email = await logInToConsole(page, site, '', '/admin/rates');
    // The sections' strip, sixth of its fourteen tabs, is scrolled so the open one is on the screen, the operator's
    // line above it still at the left.
    const open = page.getByRole('navigation', { name: 'Разделы пульта' }).getByRole('link', { name: 'Курсы' });
    await expect.poll(async () => (await open.boundingBox())!.x).toBeGreaterThan(0);
    const tab = (await open.boundingBox())!;
    expect(tab.x + tab.width).toBeLessThanOrEqual(phone.width);
    const operatorLine = page.getByTestId('admin-console').getByText(email, { exact: true });
    expect((await operatorLine.boundingBox())!.x).toBeLessThan(30);
    const row = page.getByTestId(`rate-direction-${d.id}`);
    await expect.poll(() => row.innerText()).toContain('УСТАРЕЛ');
    await expect.poll(() => row.innerText()).toContain('лимит 10 мин');
    // On a phone every figure of the row is on the screen, not past its edge in a table scrolled sideways.
    for (const cell of await row.locator('td').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    }
    await expect.poll(() => row.innerText()).toContain('Курс клиента');
    expect(await brokenExactRates(page)).toEqual([]);
    expect((await page.request.get(d.pairUrl)).status()).not.toBe(200);
    await page.screenshot({ path: `${shots}/rates-ru-phone-stale.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    sources.state.failing = true;
    try {
      await page.getByRole('button', { name: 'Обновить сейчас' }).click();
      await expect.poll(() => page.getByRole('status').innerText()).toContain('Не все источники ответили');
      // Said in words, the technical text beside them for diagnosis.
      const binance = page.getByTestId('rate-source-binance');
      await expect
        .poll(() => binance.getByTestId('rate-source-error').innerText())
        .toMatch(/ответил ошибкой \(HTTP 500\)/i);
      await expect
        .poll(() => binance.getByTestId('rate-source-problem').innerText())
        .toContain('Последний запрос не удался: источник ответил ошибкой (HTTP 500).');
      await binance.getByText('Технические подробности').click();
      await expect.poll(() => binance.getByTestId('rate-source-technical').innerText()).toBe('HTTP 500');
      await page.screenshot({ path: `${shots}/rates-ru-phone-failing.png`, fullPage: true });
      await expect.poll(() => row.innerText()).toContain('УСТАРЕЛ');
      expect((await page.request.get(d.pairUrl)).status()).not.toBe(200);
    } finally {
      sources.state.failing = false;
    }

    await page.getByRole('button', { name: 'Обновить сейчас' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Курсы обновлены.');
    await expect.poll(() => row.innerText()).not.toContain('УСТАРЕЛ');
    const offered = await page.request.get(d.pairUrl);
    expect(offered.status()).toBe(200);
    expect(((await offered.json()) as { course: string }).course).toBe(freshCourse);
  });
});
