import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../shared/format.ts';
import { claims } from '../../server/db/schema-exchange.ts';
import { apiJson, createApiClaim } from '../../bench/demo-claim.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { describeE2E, expect, phone, test, type Site } from './fixture.ts';
import { allow404, checkPage, spaced } from './pages.ts';

/**
 * The claim page /claim/{uuid} in Chromium, ru and en: a claim created through the API (solving the site's captcha
 * like the widget does, whichever provider the app runs), then paid, watched and expired on its page, and taken past
 * its window: a late payment, the operator's offer, accepted or answered with a refund.
 */

const json = <T>(site: Site, path: string, init?: RequestInit) => apiJson<T>(site.url, path, init);

const statusBadge = (page: Page) => page.getByTestId('claim-status');
const timerText = (page: Page) => page.getByRole('timer').innerText();
/** One poll is 5 s; give the page two. */
const live = { timeout: 12_000, interval: 250 };
/** The demo currencies' units (server/db/demo-exchange.ts): tickers and decimal places. */
const usdt = { symbol: 'USDT', decimals: 6 };
const rub = { symbol: 'RUB', decimals: 2 };

describeE2E('claim page', () => {
  test('ru, phone: amounts, details with Copy, QR, running countdown; "Я оплатил" makes it paid, the details a record', async ({
    newPage,
    site,
  }) => {
    const claim = await createApiClaim(site.url, 'USDTTRC20', 'SBERRUB', '100');
    const page = await newPage({ viewport: phone, permissions: ['clipboard-read', 'clipboard-write'] });
    await checkPage(page, `/claim/${claim.uuid}`, 'ru');

    await expect
      .poll(() => page.locator('h1').innerText())
      .toBe(`Заявка №\u00a0${claim.uuid.slice(0, 8).toUpperCase()}`);
    await expect.poll(() => statusBadge(page).innerText()).toBe('Ожидает оплаты');
    // Money as every page writes it (shared/format.ts): grouped, a decimal comma, the ticker after a no-break space.
    await expect
      .poll(async () => spaced(await page.getByTestId('claim-send').innerText()))
      .toContain(spaced(formatMoney('100', usdt, 'ru')));
    await expect
      .poll(async () => spaced(await page.getByTestId('claim-receive').innerText()))
      .toContain(spaced(formatMoney(claim.toSumma, rub, 'ru')));
    await expect.poll(() => page.getByTestId('claim-rate').innerText()).toMatch(/^1\sUSDT = [\d\s]+,\d+\sRUB/);

    // The operator's wallet, as the API gives it, with its own Copy button.
    const requisite = await json<{ details: { label: string; value: string } }>(
      site,
      `/api/v1/claim/${claim.uuid}/requisite/`,
    );
    const panel = page.getByTestId('payment-panel');
    await expect.poll(() => panel.innerText()).toContain(requisite.details.value);
    await panel.getByRole('button', { name: `Копировать: ${requisite.details.label}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(requisite.details.value);
    await expect.poll(() => panel.getByRole('status').filter({ hasText: 'Скопировано' }).count()).toBe(1);

    // A crypto pay-in has a QR code of the address; the timer runs.
    await expect.poll(() => page.getByRole('img', { name: 'QR-код адреса для оплаты' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('payment-qr').count()).toBe(1);
    const first = await timerText(page);
    expect(first).toMatch(/^(29|30):\d\d$/);
    await expect.poll(() => timerText(page)).not.toBe(first);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Я оплатил' }).click();
    // The press asks to confirm, with an optional reference of the payment.
    await page.getByLabel('Хеш транзакции или номер перевода (необязательно)').fill('0xfeed');
    await page.getByRole('button', { name: 'Да, я оплатил' }).click();
    await expect.poll(() => statusBadge(page).innerText()).toBe('Оплачена');
    await expect.poll(() => page.getByTestId('claim-state').innerText()).toContain('Проверяем оплату');
    await expect.poll(() => page.getByTestId('claim-timeline').innerText(), live).toContain('Оплата отмечена');
    expect(await page.getByRole('button', { name: 'Я оплатил' }).count()).toBe(0);
    // The details stay as a record of what was paid, marked as sent, with the reference given: nothing to copy, scan
    // or open in a wallet, so nothing invites a second payment.
    await expect.poll(() => page.getByTestId('payment-sent').innerText()).toContain('Ваш номер платежа: 0xfeed');
    await expect.poll(() => panel.locator('h2').innerText()).toBe('Вы оплатили');
    expect(await panel.innerText()).toContain(requisite.details.value);
    expect(await panel.getByRole('button').count()).toBe(0);
    expect(await panel.getByRole('link').count()).toBe(0);
    expect(await page.getByTestId('payment-qr').count()).toBe(0);
    const status = await json<{ status: string }>(site, `/api/v1/claim/${claim.uuid}/status/`);
    expect(status.status).toBe('paid');
    await expectNoSeriousA11yViolations(page);
  });

  test('en, desktop: the operator’s changes appear live, without a reload, up to completed', async ({ page, site }) => {
    const claim = await createApiClaim(site.url, 'SBERRUB', 'USDTTRC20', '10000', '/en');
    await checkPage(page, `/en/claim/${claim.uuid}`, 'en');
    await expect.poll(() => statusBadge(page).innerText()).toBe('Awaiting payment');
    // A card pay-in: no QR code.
    expect(await page.getByTestId('payment-qr').count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    const { claims: service } = site.app.services;
    await service.transition(claim.uuid, ['new'], 'hold', 'operator:1', 'Source of funds check');
    await expect.poll(() => statusBadge(page).innerText(), live).toBe('On hold');
    await expect.poll(() => page.getByTestId('claim-state').innerText()).toContain('Reason: Source of funds check');
    await expect
      .poll(() => page.getByTestId('claim-timeline').innerText())
      .toContain('Operator: Source of funds check');
    await expectNoSeriousA11yViolations(page);

    await service.transition(claim.uuid, ['hold'], 'processing', 'operator:1', null);
    await expect.poll(() => statusBadge(page).innerText(), live).toBe('Processing');
    await service.complete(claim.uuid, 'operator:1');
    await expect.poll(() => statusBadge(page).innerText(), live).toBe('Completed');
    await expect
      .poll(() => page.getByTestId('claim-state').innerText())
      .toContain(`We have sent ${claim.toSumma} USDT to your details.`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await expectNoSeriousA11yViolations(page);
  });

  test('en: an expired claim shows the spec’s timeout message and a way to start again', async ({ page, site }) => {
    const claim = await createApiClaim(site.url, 'USDTTRC20', 'SBERRUB', '100', '/en');
    await claimHelpers(site.app).pastDeadline(claim.uuid);
    await checkPage(page, `/en/claim/${claim.uuid}`, 'en');
    await expect.poll(() => statusBadge(page).innerText()).toBe('Expired');
    await expect
      .poll(() => page.getByTestId('claim-state').innerText())
      .toContain('The waiting time for payment has expired. If you still want to exchange, please create a new order.');
    expect(await page.getByRole('button', { name: 'I have paid' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Create a new order' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en');
  });

  test('ru: when the countdown reaches zero the page turns expired by itself', async ({ page, site }) => {
    const claim = await createApiClaim(site.url, 'USDTTRC20', 'SBERRUB', '100');
    await site.app.database.db
      .update(claims)
      .set({ expiresAt: sql`now() + interval '4 seconds'` })
      .where(eq(claims.id, claim.uuid));
    await page.goto(`/claim/${claim.uuid}`);
    await expect.poll(() => timerText(page)).toMatch(/^00:0[0-4]$/);
    await expect.poll(() => statusBadge(page).innerText(), live).toBe('Просрочена');
    await expect
      .poll(() => page.getByTestId('claim-state').innerText())
      .toContain('Время ожидания оплаты истекло. Если вы всё ещё хотите совершить обмен, создайте новую заявку.');
    await expectNoSeriousA11yViolations(page);
  });

  test('en, phone: an expired claim reports a late payment, the operator’s offer appears live, accepting it moves on', async ({
    newPage,
    site,
  }) => {
    const claim = await createApiClaim(site.url, 'SBERRUB', 'USDTTRC20', '10000', '/en');
    await claimHelpers(site.app).pastDeadline(claim.uuid);
    const page = await newPage({ viewport: phone });
    await checkPage(page, `/en/claim/${claim.uuid}`, 'en');
    await expect.poll(() => statusBadge(page).innerText()).toBe('Expired');

    await page.getByRole('button', { name: 'I already paid' }).click();
    await page.getByLabel('Transaction hash or transfer reference (optional)').fill('SBP 778812');
    await page.getByLabel('Comment for the operator (optional)').fill('Paid from my card at 14:05');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Report the payment' }).click();
    await expect.poll(() => statusBadge(page).innerText()).toBe('Late payment');
    // What the customer paid and where stays on the page, marked as sent.
    await expect.poll(() => page.getByTestId('payment-sent').innerText(), live).toContain('Your reference: SBP 778812');
    await expect.poll(() => page.getByTestId('claim-timeline').innerText(), live).toContain('Reference: SBP 778812');

    // The operator re-quotes: the page polls a late payment and shows the offer beside the original terms.
    const { claims: service } = site.app.services;
    const offered = await service.requote(claim.uuid, 'operator:1', { from: ['late_payment'] });
    // Named as the confirmation it asks for: see below.
    await expect.poll(() => statusBadge(page).innerText(), live).toBe('Confirm your order');
    await expect
      .poll(async () => spaced(await page.getByTestId('offer-receive').innerText()))
      .toBe(spaced(formatMoney(offered!.offerToAmount!, usdt, 'en')));
    await expect.poll(() => page.getByRole('timer', { name: 'Offer valid for' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);

    // The rate has not moved since the claim was made: the offer is its own terms, to confirm, not a new rate.
    await expect.poll(() => page.getByTestId('claim-state').locator('h2').innerText()).toBe('Confirm your order');
    // Nothing changed, so nothing is struck through as a former value.
    expect(await page.getByTestId('offer-table').locator('.line-through').count()).toBe(0);
    await page.getByRole('button', { name: 'Confirm the order' }).click();
    await expect.poll(() => statusBadge(page).innerText()).toBe('Processing');
    await expect
      .poll(() => page.getByTestId('claim-timeline').innerText(), live)
      .toContain('Order confirmed on the same terms');
    await expect
      .poll(() => page.getByTestId('claim-rate').innerText())
      .toContain('locked when the order was created, confirmed by you');
    expect(await page.getByTestId('claim-timeline').innerText()).not.toMatch(/New rate/);
    // The breakdown is the confirmed offer's: it stays open, in view.
    expect(await page.getByTestId('claim-breakdown').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.getByTestId('claim-breakdown').innerText()).toContain(
      'As the amount was quoted in the offer you confirmed.',
    );
  });

  test('ru, desktop: an offer answered with a refund asks for the sender’s card and checks it', async ({
    page,
    site,
    problems,
  }) => {
    // The refused card is the server's 400, which the browser logs.
    problems.allow(/status of 400 .*\/refund\/\]$/);
    const claim = await createApiClaim(site.url, 'SBERRUB', 'USDTTRC20', '10000');
    await claimHelpers(site.app).pastDeadline(claim.uuid);
    const { claims: service } = site.app.services;
    await service.status(claim.uuid, 'ru');
    await service.late(claim.uuid, { txid: null, comment: null });
    await service.requote(claim.uuid, 'operator:1', { from: ['late_payment'] });
    await checkPage(page, `/claim/${claim.uuid}`, 'ru');
    await expect.poll(() => statusBadge(page).innerText()).toBe('Подтвердите заявку');

    await page.getByRole('button', { name: 'Вернуть средства' }).click();
    // Named for where the money goes back, not with the claim form's "Номер карты отправителя".
    const card = page.getByRole('textbox', { name: 'Карта для возврата' });
    await card.fill('1234');
    await page.getByRole('button', { name: 'Запросить возврат' }).click();
    await expect.poll(() => card.getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page);
    await card.fill('2202 2012 3456 7895');
    await page.getByRole('button', { name: 'Запросить возврат' }).click();
    await expect.poll(() => statusBadge(page).innerText()).toBe('Запрошен возврат');
    await expect.poll(() => page.getByTestId('claim-state').innerText()).toContain('Готовим возврат');
    // The summary promises no payout now: what goes back, where to; no amount to receive, rate or breakdown.
    await expect.poll(() => page.getByTestId('claim-refund').innerText()).toContain('К возврату');
    expect(spaced(await page.getByTestId('claim-refund').innerText())).toContain(
      spaced(formatMoney('10000', rub, 'ru')),
    );
    await expect.poll(() => page.getByTestId('claim-refund-to').innerText()).toContain('Реквизиты для возврата');
    expect(await page.getByTestId('claim-refund-to').innerText()).toContain('Карта для возврата');
    expect(await page.getByTestId('claim-receive').count()).toBe(0);
    expect(await page.getByTestId('claim-breakdown').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('an unknown or malformed claim id is the 404 page, in ru and en', async ({ page, problems }) => {
    allow404(problems);
    await checkPage(page, '/claim/00000000-0000-4000-8000-000000000000', 'ru', 404);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/страница не найдена/i);
    await checkPage(page, '/en/claim/not-a-claim', 'en', 404);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/page not found/i);
  });
});
