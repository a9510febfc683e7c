import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { receiveFor, sendFor } from '../../shared/exchange/calculator.ts';
import { groupedAmountText, sendLimits } from '../../app/lib/exchange/amounts.ts';
import { staffUser } from '../helpers/staff.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { logInToConsole } from './console.ts';
import { desktop, describeE2E, expect, phone, test, type Site } from './fixture.ts';
import { checkPage, pairByCodes, waitForHydration } from './pages.ts';

/**
 * No silent changes (docs/product/behaviour.md, Calculator), in Chromium: amounts out of range are moved to the limit
 * with the reason next to the field, characters that are not part of a number are refused with a hint, a typed receive
 * amount that rounding changes says so, and a value typed before the calculator's code arrived gets the same
 * treatment. Then the console as a workplace: an operator lands on it after login, in its own frame. Screenshots go
 * to tmp/shots-no-silent/.
 */

const shots = 'tmp/shots-no-silent';
const pairOf = (site: Site, from: string, to: string) => pairByCodes(site.url, from, to);

const amount = (page: Page, name: 'fromSumma' | 'toSumma') => page.locator(`input[name="${name}"]`);
const notice = (page: Page, side: 'send' | 'receive') => page.getByTestId(`${side}-notice`);

/** Clicks into an amount, replaces what is there with `value` typed key by key. */
async function typeInto(page: Page, name: 'fromSumma' | 'toSumma', value: string) {
  await amount(page, name).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
}

describeE2E('no silent changes to the amounts', () => {
  beforeAll(() => {
    mkdirSync(shots, { recursive: true });
  });

  test('en, desktop: out of range, refused keys and receive rounding are explained, not done silently', async ({
    page,
    site,
  }) => {
    const pair = await pairOf(site, 'SBERRUB', 'USDTTRC20');
    const { min, max } = sendLimits(pair);
    expect(min).not.toBeNull();
    expect(max).not.toBeNull();
    await checkPage(page, '/en?cur_from=SBERRUB&cur_to=USDTTRC20', 'en');
    // Nothing typed yet: nothing to explain.
    expect(await notice(page, 'send').innerText()).toBe('');

    await typeInto(page, 'fromSumma', '999999999');
    await page.keyboard.press('Tab');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(groupedAmountText(max!, 'en'));
    await expect
      .poll(() => notice(page, 'send').innerText())
      .toMatch(/^Lowered to the maximum, [\d,.]+\sRUB: (this direction accepts|the reserve allows) no more$/);
    await page.screenshot({ path: `${shots}/calculator-max-en-desktop.png` });

    await typeInto(page, 'fromSumma', '5');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('5');
    await page.keyboard.press('Tab');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(groupedAmountText(min!, 'en'));
    await expect
      .poll(() => notice(page, 'send').innerText())
      .toMatch(/^Raised to the minimum, [\d,.]+\sRUB: this direction accepts no less$/);

    // Letters are refused as typed, with a hint; "abc1e5" never becomes 15 behind the customer's back.
    await typeInto(page, 'fromSumma', 'a');
    // The key is dropped: what it would have replaced stays.
    expect(await amount(page, 'fromSumma').inputValue()).toBe(min);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('bc');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('');
    await expect.poll(() => notice(page, 'send').innerText()).toBe('Digits and one decimal point only');
    await page.keyboard.type('2e');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('2');
    await expect.poll(() => notice(page, 'send').innerText()).toBe('Digits and one decimal point only');
    await amount(page, 'fromSumma').fill('abc1e5');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('2');
    await page.keyboard.type('.123');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('2.12');
    await expect.poll(() => notice(page, 'send').innerText()).toBe('RUB: no more decimals than 2');
    await expectNoSeriousA11yViolations(page);
  });

  test('en, desktop: a typed receive amount that rounding changes says what is received and why', async ({
    page,
    site,
  }) => {
    const pair = await pairOf(site, 'USDTTRC20', 'SBERRUB');
    // A whole-rouble amount the USDT for which, rounded up to the cent, buys a little more.
    let typed = 10_000;
    while (receiveFor(pair, sendFor(pair, String(typed))) === `${typed}.00`) typed += 1;
    const send = sendFor(pair, String(typed));
    const received = receiveFor(pair, send);
    await checkPage(page, '/en?cur_from=USDTTRC20&cur_to=SBERRUB', 'en');
    await typeInto(page, 'toSumma', String(typed));
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(groupedAmountText(send, 'en'));
    await page.keyboard.press('Tab');
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(groupedAmountText(received, 'en'));
    await expect
      .poll(() => notice(page, 'receive').innerText())
      .toMatch(/^You will receive [\d,.]+\sRUB, not [\d,.]+\sRUB: the amount to send is rounded up to [\d,.]+\sUSDT$/);
    // The figures, written the site's one way (grouped, the currency's decimals).
    const text = (await notice(page, 'receive').innerText()).replace(/,/g, '');
    expect(text).toContain(`receive ${received}`);
    expect(text).toContain(`not ${typed}.00`);
    expect(text).toContain(`up to ${send}`);
  });

  test('ru, phone: typed before the calculator’s code arrived, the amount gets the same rules and notices', async ({
    newPage,
    site,
  }) => {
    const pair = await pairOf(site, 'SBERRUB', 'USDTTRC20');
    const { min } = sendLimits(pair);
    for (const leave of [true, false]) {
      const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/exchange-form-[\w-]+\.js$/, async (route) => {
        await gate;
        await route.continue();
      });
      await checkPage(page, '/?cur_from=SBERRUB&cur_to=USDTTRC20', 'ru');
      await amount(page, 'fromSumma').tap();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('0.00000001');
      // The server's form took the keys as they are: nothing has judged them yet.
      expect(await amount(page, 'fromSumma').inputValue()).toBe('0.00000001');
      if (leave) await page.getByRole('heading', { level: 1 }).first().tap();

      release();
      if (leave) {
        // Left before the code came: the minimum applies, and says so, as after.
        await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(groupedAmountText(min!, 'ru'));
        await expect.poll(() => notice(page, 'send').innerText()).toMatch(/^Сумма увеличена до минимальной, /);
        await page.screenshot({ path: `${shots}/calculator-min-ru-phone.png` });
      } else {
        // Still in the field: the decimals RUB cannot take were refused, as they would have been key by key.
        await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe('0,00');
        await expect.poll(() => notice(page, 'send').innerText()).toBe('RUB: знаков после запятой — не больше 2');
        await page.keyboard.press('Tab');
        await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(groupedAmountText(min!, 'ru'));
      }
      await page.context().close();
    }
  });

  test('screenshots: the clamp notice, en phone and ru desktop', async ({ newPage }) => {
    for (const [prefix, size, name, word] of [
      ['/en', phone, 'en-phone', /^Lowered to the maximum/],
      ['', desktop, 'ru-desktop', /^Сумма уменьшена до максимальной/],
    ] as const) {
      const page = await newPage({ viewport: size, isMobile: size === phone, hasTouch: size === phone });
      await page.goto(`${prefix}/?cur_from=SBERRUB&cur_to=USDTTRC20`.replace('/en/?', '/en?'));
      await waitForHydration(page);
      await typeInto(page, 'fromSumma', '999999999');
      await page.keyboard.press('Tab');
      await expect.poll(() => notice(page, 'send').innerText()).toMatch(word);
      await notice(page, 'send').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/calculator-max-${name}.png` });
    }
  });
});

describeE2E('the console as a workplace', () => {
  beforeAll(() => {
    mkdirSync(shots, { recursive: true });
  });

  test('an operator logging in lands on the console, which has no public header, footer or banner', async ({
    page,
    site,
  }) => {
    const email = `e2e-lands-${Date.now().toString(36)}@obmen.test`;
    await staffUser(site.app, 'operator', email);
    await page.goto('/en/login');
    await waitForHydration(page);
    const form = page.getByTestId('login-form').first();
    await form.getByLabel('E-mail', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill('operator password 1');
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/en/admin');
    await waitForHydration(page);
    expect(await page.getByTestId('admin-console').count()).toBe(1);
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.getByTestId('contest-banner').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Menu', exact: true }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/console-en-desktop.png`, fullPage: true });
  });

  test('screenshots: the console, ru desktop and both phones', async ({ newPage, site }) => {
    for (const [prefix, size, name] of [
      ['', desktop, 'ru-desktop'],
      ['', phone, 'ru-phone'],
      ['/en', phone, 'en-phone'],
    ] as const) {
      const page = await newPage({ viewport: size, isMobile: size === phone, hasTouch: size === phone });
      await logInToConsole(page, site, prefix, '/admin/rates');
      expect(await page.locator('footer').count()).toBe(0);
      await page.screenshot({ path: `${shots}/console-${name}.png`, fullPage: true });
    }
  });
});
