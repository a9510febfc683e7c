import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { receiveFor } from '../../shared/exchange/calculator.ts';
import { sendLimits } from '../../app/lib/exchange/amounts.ts';
import { describeE2E, desktop, expect, phone, test, type Site } from './fixture.ts';
import { fund, userIdOf } from '../helpers/referral.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { checkPage, pairByCodes, signedInCustomer, spaced, waitForHydration } from './pages.ts';

/**
 * The calculator's amounts written as every figure beside them (docs/product/behaviour.md, Calculator), in Chromium: a
 * field the customer is not in shows its figure grouped ("20 000,00" with the no-break space in ru, "1,000.00" in
 * en), the one they are in shows it plain to type. The referral withdrawal's amount does the same. Screenshots go to
 * tmp/shots-amount-grouping/.
 */

const shots = 'tmp/shots-amount-grouping';

const pairOf = (site: Site, from: string, to: string) => pairByCodes(site.url, from, to);

/** A decimal written out by hand, independently of the app: thousands joined by `group`, the `decimal` sign. */
function grouped(value: string, group: string, decimal: string): string {
  const [int = '', frac] = value.split('.');
  return int.replace(/\B(?=(\d{3})+$)/g, group) + (frac === undefined ? '' : decimal + frac);
}

const amount = (page: Page, name: 'fromSumma' | 'toSumma') => page.locator(`input[name="${name}"]`);

describeE2E('amount fields grouped when not typed in', () => {
  beforeAll(() => {
    mkdirSync(shots, { recursive: true });
  });

  test('ru, phone: grouped with a no-break space after the customer leaves, plain while they are in it', async ({
    newPage,
    site,
  }) => {
    const pair = await pairOf(site, 'SBERRUB', 'USDTTRC20');
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await checkPage(page, '/?cur_from=SBERRUB&cur_to=USDTTRC20', 'ru');
    // The pair's start, as the limit beside it writes it: "5 154,80" against "Мин. 5 154,80 RUB".
    const min = sendLimits(pair).min!;
    expect(Number(min)).toBeGreaterThanOrEqual(1000);
    expect(await amount(page, 'fromSumma').inputValue()).toMatch(/^\d{1,3}(\u00a0\d{3})+,\d{2}$/);

    await amount(page, 'fromSumma').tap();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('20000');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('20000');
    // The other side, worked out while the customer types, is grouped as the reserve below it.
    const receive = receiveFor(pair, '20000');
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(grouped(receive, '\u00a0', ','));

    await page.getByRole('heading', { level: 1 }).first().tap();
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe('20\u00a0000,00');
    await amount(page, 'fromSumma').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/calculator-ru-phone.png` });

    await amount(page, 'fromSumma').tap();
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe('20000,00');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('5');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('200005');
    await page.getByRole('heading', { level: 1 }).first().tap();
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe('200\u00a0005,00');
  });

  test('en, desktop: "1,000.00" after Tab, "1000.00" on a click, the figure typed anew in place', async ({
    newPage,
    site,
  }) => {
    const pair = await pairOf(site, 'USDTTRC20', 'SBERRUB');
    const page = await newPage({ viewport: desktop });
    await checkPage(page, '/en?cur_from=USDTTRC20&cur_to=SBERRUB', 'en');

    await amount(page, 'fromSumma').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1000');
    const receive = receiveFor(pair, '1000');
    expect(Number(receive)).toBeGreaterThanOrEqual(1000);
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(grouped(receive, ',', '.'));
    await page.keyboard.press('Tab');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe('1,000.00');
    await page.screenshot({ path: `${shots}/calculator-en-desktop.png` });

    await amount(page, 'fromSumma').click();
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe('1000.00');
    // Back into it with the keyboard, which selects the whole figure: a new one typed replaces all of it.
    await page.keyboard.press('Tab');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe('1,000.00');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe('1000.00');
    await page.keyboard.type('1500.5');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('1500.5');
    await page.keyboard.press('Tab');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe('1,500.50');
  });

  test('en, desktop: the server’s grouped figure edited before the code arrived is read as the customer changed it', async ({
    newPage,
    site,
  }) => {
    const pair = await pairOf(site, 'SBERRUB', 'USDTTRC20');
    const page = await newPage({ viewport: desktop });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/exchange-form-[\w-]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await checkPage(page, '/en?cur_from=SBERRUB&cur_to=USDTTRC20', 'en');
    const server = await amount(page, 'fromSumma').inputValue();
    expect(server).toMatch(/^\d{1,3}(,\d{3})+\.\d{2}$/);
    // The cents replaced by a digit: "5,154.80" becomes "5,1540", whose comma English alone would refuse.
    await amount(page, 'fromSumma').click();
    await page.keyboard.press('End');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('0');
    const typed = `${server.slice(0, -3)}0`;
    expect(await amount(page, 'fromSumma').inputValue()).toBe(typed);

    release();
    const meant = typed.replace(/,/g, '');
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(grouped(receiveFor(pair, meant), ',', '.'));
    expect(await amount(page, 'fromSumma').inputValue()).toBe(meant);
    expect(await page.getByTestId('send-notice').innerText()).toBe('');
  });

  /** A partner with `balance` USDT to withdraw, on their referral page. */
  async function withdrawalPage(site: Site, page: Page, prefix: '' | '/en', balance: string) {
    const email = await signedInCustomer(site, page, 'withdraw');
    await fund(site.app, await userIdOf(site.app, email), balance);
    await page.goto(`${prefix}/account/referrer`);
    await waitForHydration(page);
    return page.getByTestId('withdrawal-form');
  }
  const payout = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

  test('ru, phone: the withdrawal amount is grouped once left, plain to edit, and sent as a decimal', async ({
    newPage,
    site,
  }) => {
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    const form = await withdrawalPage(site, page, '', '30000');
    const field = form.getByLabel('Сумма, USDT');
    await field.tap();
    await page.keyboard.type('25000,5');
    expect(await field.inputValue()).toBe('25000,5');
    await form.getByLabel('Реквизиты для выплаты').tap();
    await page.keyboard.type(payout);
    await expect.poll(() => field.inputValue()).toBe('25\u00a0000,5');
    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/withdrawal-ru-phone.png` });
    await expectNoSeriousA11yViolations(page);

    await field.tap();
    await expect.poll(() => field.inputValue()).toBe('25000,5');
    await page.keyboard.press('End');
    await page.keyboard.type('0');
    expect(await field.inputValue()).toBe('25000,50');
    const sent = page.waitForRequest((r) => r.url().endsWith('/refferal/withdrawal/') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Создать заявку на вывод' }).tap();
    expect((await sent).postDataJSON()).toEqual({ amount: '25000.50', requisites: payout });
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
  });

  test('en, desktop: the withdrawal amount grouped after Tab; a refusal takes the customer back to it, plain', async ({
    newPage,
    site,
  }) => {
    const page = await newPage({ viewport: desktop });
    const form = await withdrawalPage(site, page, '/en', '30000');
    const field = form.getByLabel('Amount, USDT');
    await field.click();
    await page.keyboard.type('12345.67');
    await page.keyboard.press('Tab');
    await expect.poll(() => field.inputValue()).toBe('12,345.67');
    await page.screenshot({ path: `${shots}/withdrawal-en-desktop.png` });

    // Back with the keyboard, which selects the whole figure: the amount typed anew replaces all of it.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => field.inputValue()).toBe('12345.67');
    await page.keyboard.type('100000');
    expect(await field.inputValue()).toBe('100000');
    await form.getByLabel('Payout details').fill(payout);
    await expect.poll(() => field.inputValue()).toBe('100,000');
    await form.getByRole('button', { name: 'Request a withdrawal' }).click();
    await expect
      .poll(async () => spaced(await form.innerText()))
      .toContain('The amount is more than the available balance (30,000.00 USDT).');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => field.inputValue()).toBe('100000');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
  });
});
