import type { Page } from 'playwright-core';
import { claimHelpers } from '../helpers/claims.ts';
import { staffUser } from '../helpers/staff.ts';
import { describeE2E, expect, phone, test, type Site } from './fixture.ts';
import { waitForHydration } from './pages.ts';

/**
 * Live status (docs/decisions/0021-live-status.md) in Chromium: the customer's claim page (ru, on a phone) and the
 * operator's queue and dashboard (en, desktop) follow a claim's changes without a reload, pushed over their streams:
 * each change shows within three seconds, inside the five-second poll the page falls back to, and the claim page
 * asks GET .../status/ not once while its stream is open.
 */

/** Well under the 5 s poll: a change that shows within this time was pushed. */
const pushed = { timeout: 3000, interval: 100 };

const badge = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('data-status');

async function logIn(site: Site, page: Page, next: string) {
  const email = `e2e-live-${Date.now().toString(36)}@obmen.test`;
  const operator = await staffUser(site.app, 'operator', email);
  await page.goto(`/en${next}`);
  await page.waitForURL((u) => u.pathname === '/en/login');
  await waitForHydration(page);
  const form = page.getByTestId('login-form').first();
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill('operator password 1');
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/en${next}`);
  await waitForHydration(page);
  return operator;
}

describeE2E('live status', () => {
  test('the claim page and the console show each change without a reload', async ({ site, newPage, page }) => {
    const streams = () => site.app.app.streams.size;
    const operator = await logIn(site, page, '/admin/claims');
    await expect.poll(streams, pushed).toBe(1);

    // A new claim appears in the operator's queue by itself.
    const uuid = await claimHelpers(site.app).created('BTC', 'SBERRUB', '0.01');
    const row = page.getByTestId('admin-claim-row').filter({ hasText: uuid.slice(0, 8).toUpperCase() });
    await expect.poll(() => row.count(), pushed).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('new');

    const customer = await newPage({ viewport: phone });
    const polls: string[] = [];
    customer.on('request', (r) => {
      if (r.url().includes('/status/')) polls.push(r.url());
    });
    await customer.goto(`/claim/${uuid}`);
    await waitForHydration(customer);
    expect(await badge(customer, 'claim-status')).toBe('new');
    await expect.poll(streams, pushed).toBe(2);

    const act = (action: string, payload: Record<string, string>) =>
      operator.inject({ method: 'POST', url: `/api/v1/admin/claims/${uuid}/${action}/`, payload });
    expect((await act('received', { expected: 'new' })).statusCode).toBe(200);
    await expect.poll(() => badge(customer, 'claim-status'), pushed).toBe('processing');
    await expect.poll(() => row.getAttribute('data-status'), pushed).toBe('processing');

    expect((await act('complete', { expected: 'processing', reference: 'TX-LIVE-1' })).statusCode).toBe(200);
    await expect.poll(() => badge(customer, 'claim-status'), pushed).toBe('completed');
    await expect.poll(() => row.getAttribute('data-status'), pushed).toBe('completed');
    // The claim is final: the page closed its stream; only the console's is left.
    await expect.poll(streams, pushed).toBe(1);
    expect(polls).toEqual([]);

    // The dashboard follows too: a claim marked paid is counted among those waiting.
    await page.goto('/en/admin');
    await waitForHydration(page);
    const waiting = async () => Number(await page.getByTestId('waiting-paid').locator('span').last().innerText());
    const before = await waiting();
    const next = await claimHelpers(site.app).created('BTC', 'SBERRUB', '0.01');
    expect(
      (await site.app.inject({ method: 'POST', url: `/api/v1/claim/${next}/confirm/`, payload: {} })).statusCode,
    ).toBe(200);
    await expect.poll(waiting, pushed).toBe(before + 1);
  });
});
