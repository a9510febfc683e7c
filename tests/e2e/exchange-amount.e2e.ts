import Big from 'big.js';
import type { Page, Route } from 'playwright-core';
import { receiveFor, sendFor } from '../../shared/exchange/calculator.ts';
import type { PairSettings } from '../../shared/schemas/exchange.ts';
import { groupedAmountText } from '../../app/lib/exchange/amounts.ts';
import { activeUser } from '../helpers/accounts.ts';
import { describeE2E, expect, test, type Site } from './fixture.ts';
import { waitForHydration } from './pages.ts';

/**
 * The amount the customer typed is theirs (docs/product/behaviour.md, Calculator): settings arriving for the pair on
 * screen re-derive the other side from it and never put the pair's minimum back. The case that broke it: a logged-in
 * customer's own course (the bonus) is loaded once the calculator's code runs, which is when they first touch the
 * form; here that answer is held back so it always lands after the typing. A guest, whose course needs no reload,
 * keeps the typed amount too, and typing the receive amount follows the same rule.
 */

const password = 'correct horse battery';
let counter = 0;
const newEmail = () => `amount-${Date.now().toString(36)}${counter++}@example.com`;
const uuidPath = /\/claim\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const monitorLink = '/en?cur_from=SBERRUB&cur_to=USDTTRC20';

type ClaimForm = { course: string; from: { amount: string }; to: { amount: string } };

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

/** The guests' settings of Sberbank RUB -> Tether TRC20, as the server renders them. */
async function guestPair(site: Site): Promise<PairSettings> {
  const list = await getJson<{ results: { id: number; code: string }[] }>(`${site.url}/api/v1/calculator/`);
  const id = (code: string) => list.results.find((c) => c.code === code)!.id;
  return getJson<PairSettings>(`${site.url}/api/v1/calculator/pair/${id('SBERRUB')}/${id('USDTTRC20')}/`);
}

const amount = (page: Page, name: 'fromSumma' | 'toSumma') => page.locator(`input[name="${name}"]`);

/** Logs in on /en/login; the orders page is the landing. */
async function logIn(page: Page, email: string) {
  await page.goto('/en/login');
  await waitForHydration(page);
  const form = page.getByTestId('login-form').first();
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/en/account/orders');
  await waitForHydration(page);
}

/**
 * Holds every answer with the customer's own pair settings (a pair call with the bearer token) for 800 ms, well past
 * the customer's typing; resolves `arrived` with the settings once the page has them.
 */
async function slowOwnPair(page: Page) {
  let deliver!: (pair: PairSettings) => void;
  const arrived = new Promise<PairSettings>((resolve) => (deliver = resolve));
  await page.route(/\/api\/v1\/calculator\/pair\/\d+\/\d+\/$/, async (route: Route) => {
    if (!route.request().headers().authorization) return route.continue();
    const response = await route.fetch();
    const pair = (await response.json()) as PairSettings;
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ response });
    deliver(pair);
  });
  return arrived;
}

/** Clicks into an amount (the calculator's code loads on that), replaces what is there with `value` key by key. */
async function typeAmount(page: Page, name: 'fromSumma' | 'toSumma', value: string) {
  await amount(page, name).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
}

/** Fills the rest of the form, creates the claim and answers it as the API has it. */
async function createClaim(page: Page, site: Site, email: string | null): Promise<ClaimForm> {
  await page.getByLabel('Sender card number').fill('2202 2012 3456 7895');
  await page.getByLabel('TRC20 wallet address').fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
  // A logged-in customer's e-mail is filled in already.
  if (email) await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create order' }).click();
  await page.waitForURL(uuidPath, { timeout: 30_000 });
  const uuid = uuidPath.exec(new URL(page.url()).pathname)![1]!;
  return getJson<ClaimForm>(`${site.url}/api/v1/claim/${uuid}/form/`);
}

describeE2E('exchange, en: the typed amount stays', () => {
  test('logged in: the send amount typed before the customer’s own course arrives stays, priced with it', async ({
    newPage,
    site,
  }) => {
    const { email } = await activeUser(site.app, newEmail(), password);
    const page = await newPage();
    await logIn(page, email);
    const own = slowOwnPair(page);
    await page.goto(monitorLink);
    await waitForHydration(page);
    const guest = await guestPair(site);

    await typeAmount(page, 'fromSumma', '10000');
    const pair = await own;
    // The bonus makes the customer's course another one: the receive amount shows which course priced it.
    expect(pair.course).not.toBe(guest.course);
    const receive = receiveFor(pair, '10000');
    expect(receive).not.toBe(receiveFor(guest, '10000'));
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(groupedAmountText(receive, 'en'));
    expect(await amount(page, 'fromSumma').inputValue()).toBe('10000');

    const claim = await createClaim(page, site, null);
    expect(new Big(claim.from.amount).eq('10000')).toBe(true);
    expect(new Big(claim.to.amount).eq(receive)).toBe(true);
    expect(new Big(claim.course).eq(pair.course)).toBe(true);
  });

  test('logged in: the receive amount typed before the customer’s own course arrives stays, priced with it', async ({
    newPage,
    site,
  }) => {
    const { email } = await activeUser(site.app, newEmail(), password);
    const page = await newPage();
    await logIn(page, email);
    const own = slowOwnPair(page);
    await page.goto(monitorLink);
    await waitForHydration(page);

    await typeAmount(page, 'toSumma', '150');
    const pair = await own;
    const send = sendFor(pair, '150');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(groupedAmountText(send, 'en'));
    expect(await amount(page, 'toSumma').inputValue()).toBe('150');

    // Sending settles the receive amount from the send amount (rounded up, it buys at least what was typed).
    const claim = await createClaim(page, site, null);
    expect(new Big(claim.from.amount).eq(send)).toBe(true);
    expect(new Big(claim.to.amount).eq(receiveFor(pair, send))).toBe(true);
    expect(new Big(claim.to.amount).gte('150')).toBe(true);
  });

  test('a guest: the typed send amount and the typed receive amount stay', async ({ newPage, site }) => {
    const page = await newPage();
    await page.goto(monitorLink);
    await waitForHydration(page);
    const pair = await guestPair(site);

    await typeAmount(page, 'toSumma', '150');
    const send = sendFor(pair, '150');
    await expect.poll(() => amount(page, 'fromSumma').inputValue()).toBe(groupedAmountText(send, 'en'));
    // The calculator's code has loaded and nothing else is coming: what was typed is still there.
    await waitForHydration(page);
    expect(await amount(page, 'toSumma').inputValue()).toBe('150');

    await typeAmount(page, 'fromSumma', '10000');
    const receive = receiveFor(pair, '10000');
    await expect.poll(() => amount(page, 'toSumma').inputValue()).toBe(groupedAmountText(receive, 'en'));
    await waitForHydration(page);
    expect(await amount(page, 'fromSumma').inputValue()).toBe('10000');

    const claim = await createClaim(page, site, 'amount-guest@example.com');
    expect(new Big(claim.from.amount).eq('10000')).toBe(true);
    expect(new Big(claim.to.amount).eq(receive)).toBe(true);
  });
});
