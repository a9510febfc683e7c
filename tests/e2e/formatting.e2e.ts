import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { formatCourse, formatMoney } from '../../shared/format.ts';
import type { Locale } from '../../shared/locales.ts';
import type { ClaimForm } from '../../shared/schemas/exchange.ts';
import { activeUser, bearer, login } from '../helpers/accounts.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { staffUser } from '../helpers/staff.ts';
import { describeE2E, expect, phone, test, type Site } from './fixture.ts';
import { logInThroughGuard, waitForHydration } from './pages.ts';

/**
 * Issue 16 "one way to write money": one registered customer's claim read in the calculator, on the claim page, in the
 * account's list and in the console, in ru on a desktop and en on a phone: the same amounts and the same course line,
 * written by the language (no-break space and comma, or comma and point), with the ticker (never SBERRUB), and
 * times named with their zone. Screenshots of every page in both languages at both sizes go to tmp/shots-format/.
 */

const shots = 'tmp/shots-format';
const desktop = { width: 1280, height: 900 };
const password = 'correct horse battery';
let counter = 0;

/** innerText keeps no-break spaces; compare them as spaces (the formatter's own tests pin the exact characters). */
const plainText = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const textOf = async (page: Page) => plainText(await page.locator('main').innerText());

const labels = {
  ru: { prefix: '', email: 'E-mail', password: 'Пароль', login: 'Войти' },
  en: { prefix: '/en', email: 'E-mail', password: 'Password', login: 'Log in' },
};

async function logIn(page: Page, locale: Locale, who: { email: string; password: string }, landing: string) {
  await logInThroughGuard(page, landing, who, labels[locale]);
}

async function shoot(page: Page, name: string, size: { width: number; height: number }) {
  mkdirSync(shots, { recursive: true });
  const other = size.width === desktop.width ? phone : desktop;
  const sizes = [size, other];
  for (const s of sizes) {
    await page.setViewportSize(s);
    await page.screenshot({ path: `${shots}/${name}-${s === phone ? 'phone' : 'desktop'}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

async function journey(site: Site, newPage: (o?: object) => Promise<Page>, locale: Locale, size: typeof desktop) {
  const prefix = labels[locale].prefix;
  const email = `format-${locale}-${Date.now().toString(36)}${counter++}@example.com`;
  await activeUser(site.app, email, password);
  const { access } = await login(site.app, email, password);
  const h = claimHelpers(site.app);
  const uuid = await h.created('USDTTRC20', 'SBERRUB', '1000.5', { email }, bearer(access));
  const form = (await site.app.inject(`${prefix}/api/v1/claim/${uuid}/form/`)).json() as ClaimForm;
  expect(form.from.currency.decimals).toBe(6);
  const send = plainText(formatMoney(form.from.amount, form.from.currency, locale));
  const receive = plainText(formatMoney(form.to.amount, form.to.currency, locale));
  const course = plainText(formatCourse(form.course, form.from.currency, form.to.currency, locale).text);
  // The figures as each language writes them.
  expect(send).toBe(locale === 'ru' ? '1 000,50 USDT' : '1,000.50 USDT');
  expect(course).toMatch(locale === 'ru' ? /^1 USDT = \d\d,\d\d RUB$/ : /^1 USDT = \d\d\.\d\d RUB$/);
  expect(receive).toMatch(locale === 'ru' ? /^\d\d \d{3},\d\d RUB$/ : /^\d\d,\d{3}\.\d\d RUB$/);

  // The account's list: the same amounts with the tickers, never the monitor code.
  const page = await newPage({ viewport: size });
  await logIn(page, locale, { email, password }, `${prefix}/account/orders`);
  const orders = await textOf(page);
  expect(orders).toContain(send);
  expect(orders).toContain(receive);
  expect(orders).not.toContain('SBERRUB');
  expect(orders).toMatch(/\(UTC([+\u2212]\d+)?\)/);
  await shoot(page, `account-${locale}`, size);

  // The calculator writes the pair's course the same way, and for this logged-in customer their own (the bonus for
  // registered customers) before any typing: it once showed the guests' course until the form was touched.
  const own = await h.pair('USDTTRC20', 'SBERRUB', bearer(access));
  const guests = await h.pair('USDTTRC20', 'SBERRUB');
  expect(own.course).not.toBe(guests.course);
  const ownCourse = plainText(formatCourse(own.course, form.from.currency, form.to.currency, locale).text);
  await page.goto(`${prefix}/?cur_from=USDTTRC20&cur_to=SBERRUB`);
  await waitForHydration(page);
  await expect.poll(async () => plainText(await page.getByTestId('course').innerText())).toBe(ownCourse);
  await shoot(page, `calculator-${locale}`, size);

  // The claim page: amounts, course, the time named with its zone.
  await page.goto(`${prefix}/claim/${uuid}`);
  await waitForHydration(page);
  const claimText = await textOf(page);
  expect(plainText(await page.getByTestId('claim-send').innerText())).toContain(send);
  expect(plainText(await page.getByTestId('claim-receive').innerText())).toContain(receive);
  expect(plainText(await page.getByTestId('claim-rate').innerText())).toContain(course);
  expect(claimText).toMatch(/\d\d:\d\d \(UTC([+\u2212]\d+)?\)/);
  await shoot(page, `claim-${locale}`, size);

  // The console's card of the same claim: the same figures, times in the exchange's zone (Moscow, UTC+3).
  const operator = await staffUser(site.app, 'operator', `format-op-${locale}-${Date.now().toString(36)}@obmen.test`);
  const console_ = await newPage({ viewport: size });
  await logIn(
    console_,
    locale,
    { email: operator.email, password: 'operator password 1' },
    `${prefix}/admin/claims/${uuid}`,
  );
  const card = await textOf(console_);
  expect(card).toContain(send);
  expect(card).toContain(receive);
  expect(card).toContain(course);
  expect(card).toContain('(UTC+3)');
  // The breakdown speaks about the customer to staff, not to them.
  expect(card).toContain(locale === 'ru' ? 'Клиент получит' : 'Customer receives');
  expect(card).not.toContain(locale === 'ru' ? 'Вы получите' : 'You receive');
  await shoot(console_, `console-${locale}`, size);
  await console_.goto(`${prefix}/admin/claims?q=${uuid}`);
  await waitForHydration(console_);
  // The queue's cells set the amount and the ticker apart by layout, not by a space.
  const queue = (await textOf(console_)).replace(/\s+/g, '');
  expect(queue).toContain(send.replace(/\s+/g, ''));
  expect(queue).not.toContain('USDTTRC20');
  await shoot(console_, `queue-${locale}`, size);
}

describeE2E('one way to write money', () => {
  test('ru on a desktop: calculator, claim page, account list and console write the same figures', async ({
    site,
    newPage,
  }) => {
    await journey(site, newPage, 'ru', desktop);
  });

  test('en on a phone: the same, with English separators', async ({ site, newPage }) => {
    await journey(site, newPage, 'en', phone);
  });
});
