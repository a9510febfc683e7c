import Big from 'big.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { courseWithPromocode, receiveFor, sendFor } from '../../shared/exchange/calculator.ts';
import { formatMoney } from '../../shared/format.ts';
import type { PairSettings } from '../../shared/schemas/exchange.ts';
import { groupedAmountText, sendLimits } from '../../app/lib/exchange/amounts.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { desktop, describeE2E, expect, hasBrowser, phone, test, freePort } from './fixture.ts';
import { checkPage, spaced, waitForHydration } from './pages.ts';

/** An amount as a Russian page's amount field writes it while the customer is not in it: grouped, a decimal comma. */
const ruGrouped = (value: string) => groupedAmountText(value, 'ru');

/**
 * The exchange journey (issue 3, docs/product/behaviour.md) in Chromium, end to end: pick a pair with the searchable
 * selects (or by ?cur_from=&cur_to=), type either amount and see the other, see the send amount clamped to the minimum,
 * fill the requisites (a bad card number is refused on the spot), e-mail, agreement and captcha, create the claim, land
 * on its page with the amounts the API has, press "I have paid" and see it paid. A promocode journey (issue 5) applies
 * WELCOME before the claim: the receive amount improves and the claim is priced with the code's course.
 *
 * The fixture's site runs CAPTCHA_PROVIDER=none (tests/helpers/build.ts); the ru journey runs on a second site with
 * the default ALTCHA, whose widget solves its proof of work in the browser.
 */

type Currency = { id: number; code: string; name: string };
const uuidPath = /\/claim\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

async function currencies(base: string, prefix = ''): Promise<Map<string, Currency>> {
  const list = await getJson<{ results: Currency[] }>(`${base}${prefix}/api/v1/calculator/`);
  return new Map(list.results.map((c) => [c.code, c]));
}

const pairOf = (base: string, from: Currency, to: Currency) =>
  getJson<PairSettings>(`${base}/api/v1/calculator/pair/${from.id}/${to.id}/`);

const amount = (page: Page, name: 'fromSumma' | 'toSumma') => page.locator(`input[name="${name}"]`);

type ClaimForm = {
  uuid: string;
  status: string;
  course: string;
  from: { amount: string; currency: { symbol: string; decimals: number } };
  to: { amount: string; currency: { symbol: string; decimals: number } };
};

/** The claim the page landed on, as the API has it. */
async function landedClaim(page: Page, base: string, prefix: string) {
  await page.waitForURL(uuidPath, { timeout: 30_000 });
  const path = new URL(page.url()).pathname;
  expect(path.startsWith(`${prefix}/claim/`)).toBe(true);
  const uuid = uuidPath.exec(path)![1]!;
  return getJson<ClaimForm>(`${base}/api/v1/claim/${uuid}/form/`);
}

const claimWords = {
  ru: { awaiting: 'Ожидает оплаты', paid: 'Оплачена', confirm: 'Я оплатил', yes: 'Да, я оплатил' },
  en: { awaiting: 'Awaiting payment', paid: 'Paid', confirm: 'I have paid', yes: 'Yes, I have paid' },
};

/** On the claim page: its amounts are the API's; "I have paid" makes it paid, on the page and in the API. */
async function payOnClaimPage(page: Page, base: string, claim: ClaimForm, locale: 'ru' | 'en') {
  const words = claimWords[locale];
  const badge = page.getByTestId('claim-status');
  await expect.poll(() => badge.innerText()).toBe(words.awaiting);
  await expect
    .poll(async () => spaced(await page.getByTestId('claim-send').innerText()))
    .toContain(spaced(formatMoney(claim.from.amount, claim.from.currency, locale)));
  await expect
    .poll(async () => spaced(await page.getByTestId('claim-receive').innerText()))
    .toContain(spaced(formatMoney(claim.to.amount, claim.to.currency, locale)));
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: words.confirm }).click();
  await page.getByRole('button', { name: words.yes }).click();
  await expect.poll(() => badge.innerText()).toBe(words.paid);
  expect(await page.getByRole('button', { name: words.confirm }).count()).toBe(0);
  const status = await getJson<{ status: string }>(`${base}/api/v1/claim/${claim.uuid}/status/`);
  expect(status.status).toBe('paid');
}

describeE2E('exchange, ru, desktop, ALTCHA', () => {
  let altcha: TestApp;
  let base: string;
  beforeAll(async () => {
    if (!hasBrowser) return;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    altcha = await build({ seed: true, ssr: true, env: { PUBLIC_URL: base, CAPTCHA_PROVIDER: 'altcha' } });
    await altcha.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => altcha?.close());

  test('pick a pair with the selects, type both amounts, clamp, requisites, solve the captcha, create the claim, pay', async ({
    newPage,
  }) => {
    const page = await newPage({ baseURL: base });
    await checkPage(page, '/', 'ru');
    const byCode = await currencies(base);
    const tbank = byCode.get('TCSBRUB')!;
    const btc = byCode.get('BTC')!;

    // The send select: filtered by kind (the open panel is checked by axe too), then searched.
    await page.getByRole('button', { name: /Отдаёте/ }).click();
    await page.getByRole('button', { name: 'Криптовалюта', pressed: false }).click();
    await expect.poll(() => page.getByRole('option', { name: tbank.name }).count()).toBe(0);
    await expect.poll(() => page.getByRole('option', { name: btc.name }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Все' }).click();
    await page.getByRole('combobox').fill('т-банк');
    await page.getByRole('option', { name: tbank.name }).click();
    await expect.poll(() => page.getByRole('button', { name: /Отдаёте/ }).textContent()).toContain(tbank.name);

    // The receive select with the keyboard: search, Enter.
    await page.getByRole('button', { name: /Получаете/ }).click();
    await page.keyboard.type('bitc');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: /Получаете/ }).textContent()).toContain(btc.name);
    await expect.poll(() => new URL(page.url()).search).toBe('?cur_from=TCSBRUB&cur_to=BTC');

    const pair = await pairOf(base, tbank, btc);
    await amount(page, 'fromSumma').fill('150000');
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(ruGrouped(receiveFor(pair, '150000')));
    await amount(page, 'toSumma').fill('0.02');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(ruGrouped(sendFor(pair, '0.02')));

    // Under the minimum: typing is left alone, leaving the field raises it to the minimum.
    await amount(page, 'fromSumma').fill('5');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('5');
    await amount(page, 'fromSumma').blur();
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(ruGrouped(sendLimits(pair).min!));
    await expect.poll(() => page.getByText(/Сумма увеличена до минимальной/).count()).toBe(1);
    await amount(page, 'fromSumma').fill('150000');
    const toSumma = receiveFor(pair, '150000');

    // Requisites: a card failing its check digit is refused when the customer leaves the field.
    const card = page.getByLabel('Номер карты отправителя');
    await card.fill('2202 2012 3456 7890');
    await card.blur();
    await expect
      .poll(() =>
        page.getByText('В номере карты опечатка: не сходится контрольная цифра. Проверьте каждую цифру.').count(),
      )
      .toBe(1);
    await card.fill('2202 2012 3456 7895');
    // An address with one character mistyped has the right shape; its checksum says it is not the customer's.
    const address = page.getByLabel('Адрес кошелька BTC');
    await address.fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr');
    await address.blur();
    const checksum =
      'Контрольная сумма адреса BTC не сходится: в адресе опечатка. Скопируйте адрес из кошелька ещё раз.';
    await expect.poll(() => page.getByText(checksum).count()).toBe(1);
    await address.fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await expect.poll(() => page.getByText(checksum).count()).toBe(0);
    await page.getByLabel('E-mail').fill('ann@example.com');
    await page.getByLabel(/Я принимаю/).check();

    // The ALTCHA widget appeared when the form was first used and solves its proof of work by itself.
    await expect.poll(() => page.locator('altcha-widget').count()).toBe(1);
    await page.getByRole('button', { name: 'Создать заявку' }).click();

    const claim = await landedClaim(page, base, '');
    expect(claim.status).toBe('new');
    expect(new Big(claim.from.amount).eq('150000')).toBe(true);
    expect(new Big(claim.to.amount).eq(toSumma)).toBe(true);
    await payOnClaimPage(page, base, claim, 'ru');
  });
});

describeE2E('exchange, en, phone', () => {
  test('a monitor link preselects the pair; type the receive amount, fill the form, create the claim and pay', async ({
    newPage,
    site,
  }) => {
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await checkPage(page, '/en?cur_from=USDTTRC20&cur_to=SBERRUB', 'en');
    const byCode = await currencies(site.url, '/en');
    const usdt = byCode.get('USDTTRC20')!;
    const sber = byCode.get('SBERRUB')!;
    expect(await page.getByRole('button', { name: /You send/ }).textContent()).toContain(usdt.name);
    expect(await page.getByRole('button', { name: /You receive/ }).textContent()).toContain(sber.name);

    // The calculator comes right after the header on a phone.
    const box = await page.getByTestId('exchange-form').boundingBox();
    expect(box!.y).toBeLessThan(phone.height / 2);

    const pair = await pairOf(site.url, usdt, sber);
    await amount(page, 'toSumma').fill('25000');
    const send = sendFor(pair, '25000');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(groupedAmountText(send, 'en'));
    await amount(page, 'toSumma').blur();
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(groupedAmountText(receiveFor(pair, send), 'en'));

    const card = page.getByLabel('Recipient card number');
    await card.fill('4111 1111 1111 1112');
    await card.blur();
    await expect
      .poll(() =>
        page.getByText('The card number has a typo: its check digit does not match. Check every digit.').count(),
      )
      .toBe(1);
    await card.fill('2202 2012 3456 7895');
    await page.getByLabel('Recipient full name').fill('Ivan Petrov');
    await page.getByLabel('E-mail').fill('bob@example.com');

    // Without the agreement the claim is not sent.
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect.poll(() => page.getByText('Please accept the exchange rules.').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/en');

    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create order' }).click();
    const claim = await landedClaim(page, site.url, '/en');
    expect(claim.status).toBe('new');
    expect(new Big(claim.from.amount).eq(send)).toBe(true);
    expect(new Big(claim.to.amount).eq(receiveFor(pair, send))).toBe(true);
    await payOnClaimPage(page, site.url, claim, 'en');
  });

  test('the swap button turns the pair round', async ({ newPage }) => {
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await page.goto('/en');
    await waitForHydration(page);
    const from = await page.getByRole('button', { name: /You send/ }).textContent();
    const to = await page.getByRole('button', { name: /You receive/ }).textContent();
    await page.getByRole('button', { name: 'Swap the direction' }).click();
    await expect.poll(() => page.getByRole('button', { name: /You send/ }).textContent()).toBe(to);
    // The receive side follows once the reversed pair's currencies have loaded (use-calculator.ts, swap).
    await expect.poll(() => page.getByRole('button', { name: /You receive/ }).textContent()).toBe(from);
  });

  test('while the claim is on its way its pair and amounts stay as sent; a refusal gives them back', async ({
    newPage,
    problems,
  }) => {
    // The refusal below is a 400, which Chromium logs as a console error.
    problems.allow(/status of 400 \(Bad Request\) \[http:\/\/127\.0\.0\.1:\d+\/en\/api\/v1\/claim\/\]$/);
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    // The claim's answer is held back until the test has tried the form, then it is a refusal of the card.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = false;
    await page.route(/\/api\/v1\/claim\/$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent = true;
      await held;
      await route.fulfill({ status: 400, json: { 'fromRequisites.card': ['This card cannot be used.'] } });
    });
    await checkPage(page, '/en?cur_from=SBERRUB&cur_to=USDTTRC20', 'en');
    await amount(page, 'fromSumma').fill('20000');
    await page.getByLabel('Sender card number').fill('2202 2012 3456 7895');
    await page.getByLabel('TRC20 wallet address').fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await page.getByLabel('E-mail').fill('held@example.com');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect.poll(() => sent).toBe(true);

    const sendPicker = page.getByRole('button', { name: /You send/ });
    const controls = [
      sendPicker,
      page.getByRole('button', { name: /You receive/ }),
      page.getByRole('button', { name: 'Swap the direction' }),
    ];
    const fields = [amount(page, 'fromSumma'), amount(page, 'toSumma'), page.getByLabel('Sender card number')];
    expect(await page.getByRole('button', { name: 'Creating the order…' }).isDisabled()).toBe(true);
    for (const control of controls) expect(await control.isDisabled()).toBe(true);
    for (const field of fields) expect(await field.isEditable()).toBe(false);
    // A tap on the send currency (past Playwright's wait for an enabled button) opens no list.
    await sendPicker.click({ force: true });
    expect(await page.getByRole('listbox').count()).toBe(0);
    const sending = ['20,000.00', '2202 2012 3456 7895'];
    expect([
      await amount(page, 'fromSumma').inputValue(),
      await page.getByLabel('Sender card number').inputValue(),
    ]).toEqual(sending);

    release();
    await expect.poll(() => page.getByText('This card cannot be used.').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('fromRequisites.card');
    for (const control of controls) expect(await control.isEnabled()).toBe(true);
    for (const field of fields) expect(await field.isEditable()).toBe(true);
    await sendPicker.click();
    expect(await page.getByRole('listbox').count()).toBe(1);
  });
});

describeE2E('exchange with a promocode, ru, desktop', () => {
  test('WELCOME improves the receive amount before the claim and prices it; an unknown or used code is refused', async ({
    newPage,
    site,
    problems,
  }) => {
    // Chromium logs the refusals' 400 answers (the code's check, the second claim) as console errors; exactly those
    // are expected here.
    problems.allow(/status of 400 \(Bad Request\) \[http:\/\/127\.0\.0\.1:\d+\/api\/v1\/claim\/(promocode\/)?\]$/);
    const page = await newPage({ viewport: desktop });
    await checkPage(page, '/?cur_from=SBERRUB&cur_to=USDTTRC20', 'ru');
    const byCode = await currencies(site.url);
    const pair = await pairOf(site.url, byCode.get('SBERRUB')!, byCode.get('USDTTRC20')!);
    const email = 'welcome-journey@example.com';

    await amount(page, 'fromSumma').fill('20000');
    const plain = receiveFor(pair, '20000');
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(ruGrouped(plain));
    await page.getByLabel('Номер карты отправителя').fill('2202 2012 3456 7895');
    await page.getByLabel('Адрес кошелька TRC20').fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await page.getByLabel('E-mail').fill(email);

    // A code that does not exist: the server's message under the field, the amounts as they were.
    const toggle = page.getByRole('button', { name: 'Есть промокод?' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const code = page.getByLabel('Промокод', { exact: true });
    await code.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Применить' }).click();
    await expect.poll(() => page.getByText('Такого промокода нет.').count()).toBe(1);
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    expect(await amount(page, 'toSumma').inputValue()).toBe(ruGrouped(plain));
    await expectNoSeriousA11yViolations(page);

    // WELCOME (+0.5 %): the course the server quotes, and the receive amount with it, before any claim exists.
    await code.fill('welcome');
    await code.press('Enter');
    const applied = page.getByTestId('promocode-applied');
    await expect.poll(() => applied.count()).toBe(1);
    const course = courseWithPromocode(pair.course, '0.5');
    const improved = receiveFor({ ...pair, course }, '20000');
    expect(new Big(improved).gt(plain)).toBe(true);
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(ruGrouped(improved));
    expect(await applied.innerText()).toContain('Промокод WELCOME применён');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel(/Я принимаю/).check();
    await page.getByRole('button', { name: 'Создать заявку' }).click();
    const claim = await landedClaim(page, site.url, '');
    expect(new Big(claim.course).toFixed()).toBe(course);
    expect(new Big(claim.from.amount).eq('20000')).toBe(true);
    expect(new Big(claim.to.amount).eq(improved)).toBe(true);
    await payOnClaimPage(page, site.url, claim, 'ru');

    // WELCOME is once per customer: the same e-mail cannot have it again. The preview does not say so (anyone could
    // type anyone's e-mail and learn they used the code): the code applies as for any address, and the claim, behind
    // the captcha, refuses it with the reason under the field and the code dropped.
    await checkPage(page, '/?cur_from=SBERRUB&cur_to=USDTTRC20', 'ru');
    await amount(page, 'fromSumma').fill('20000');
    await page.getByLabel('Номер карты отправителя').fill('2202 2012 3456 7895');
    await page.getByLabel('Адрес кошелька TRC20').fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Есть промокод?' }).click();
    await page.getByLabel('Промокод', { exact: true }).fill('WELCOME');
    await page.getByRole('button', { name: 'Применить' }).click();
    await expect.poll(() => page.getByTestId('promocode-applied').count()).toBe(1);
    await page.getByLabel(/Я принимаю/).check();
    await page.getByRole('button', { name: 'Создать заявку' }).click();
    await expect
      .poll(() =>
        page.getByText('Вы уже воспользовались этим промокодом столько раз, сколько можно одному клиенту.').count(),
      )
      .toBe(1);
    expect(await page.getByTestId('promocode-applied').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

/**
 * The island's code is fetched on the first interaction with the form, not with the page (docs/decisions/0012). Its
 * chunk is held back here until the test lets it through, as on a slow phone link: the server's form must already
 * take the first tap and the typing, and the form must act on them once its code has arrived.
 */
describeE2E('exchange island, phone: the first tap before the calculator code has loaded', () => {
  async function heldIsland(page: Page) {
    const requested: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/exchange-form-[\w-]+\.js$/, async (route) => {
      requested.push(route.request().url());
      await gate;
      await route.continue();
    });
    return { requested, release };
  }

  test('a tap on a currency select opens it once the code arrives; nothing is fetched before the tap', async ({
    newPage,
  }) => {
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    const island = await heldIsland(page);
    await checkPage(page, '/en', 'en');
    // The page has settled (network idle) without the calculator's code.
    expect(island.requested).toEqual([]);

    await page.getByRole('button', { name: /You send/ }).tap();
    await expect.poll(() => island.requested.length).toBe(1);
    // Meanwhile the server's form stays on screen, the select closed.
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /You send/ }).isVisible()).toBe(true);

    island.release();
    // The tap was not lost: the select opened, its search box has the focus.
    await expect.poll(() => page.getByRole('combobox').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.type('sber');
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a tap before any of the page’s own script has run is not lost either', async ({ newPage, problems }) => {
    // Held scripts may time out while the page is closed at the end: not this test's subject.
    problems.allow(/Failed to load resource/);
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    // Every script of ours held back (React, the router, the page): only the server's HTML and its inline script.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/en', { waitUntil: 'commit' });
    const select = page.getByRole('button', { name: /You send/ });
    await select.waitFor();
    await select.tap();
    expect(await page.getByRole('combobox').count()).toBe(0);

    release();
    await expect.poll(() => page.getByRole('combobox').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  });

  test('text typed into the amount before the code arrives is kept and converted', async ({ newPage, site }) => {
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    const island = await heldIsland(page);
    await checkPage(page, '/?cur_from=SBERRUB&cur_to=USDTTRC20', 'ru');
    const byCode = await currencies(site.url);
    const pair = await pairOf(site.url, byCode.get('SBERRUB')!, byCode.get('USDTTRC20')!);

    await amount(page, 'fromSumma').tap();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('fromSumma');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('20000');
    expect(await amount(page, 'fromSumma').inputValue()).toBe('20000');
    expect(island.requested.length).toBe(1);

    island.release();
    // The calculator read what was typed: the receive amount follows, and typing on goes on from there.
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(ruGrouped(receiveFor(pair, '20000')));
    await page.keyboard.type('0');
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(ruGrouped(receiveFor(pair, '200000')));
    expect(await amount(page, 'fromSumma').inputValue()).toBe('200000');
  });
});
