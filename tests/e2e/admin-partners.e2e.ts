import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { fund, userIdOf } from '../../server/modules/referral/test-support.ts';
import { staffUser } from '../../server/modules/admin/test-support.ts';
import { activeUser } from '../../server/modules/users/test-support.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { describeE2E, expect, phone, test, type Site } from './fixture.ts';
import { waitForHydration } from './pages.ts';

/**
 * Issue 6 §5 in Chromium: partners' payout requests wait in the console's queue; the operator pays one with a
 * reference and rejects one with a reason (its amount returns to the partner's balance), and changes the programme's
 * percent. ru on a desktop, en on a phone. Screenshots go to tmp/shots-partners/ for review.
 */

const shots = 'tmp/shots-partners';
const texts = {
  ru: { prefix: '', email: 'E-mail', password: 'Пароль', login: 'Войти', pay: 'Выплачено', reject: 'Отклонить' },
  en: { prefix: '/en', email: 'E-mail', password: 'Password', login: 'Log in', pay: 'Paid', reject: 'Reject' },
};

let n = 0;
async function partnerWithRequests(site: Site, amounts: string[]) {
  const email = `e2e-partner-${Date.now().toString(36)}${n++}@example.com`;
  await activeUser(site.app, email, 'partner password');
  const userId = await userIdOf(site.app, email);
  await fund(site.app, userId, '100');
  const ids: number[] = [];
  for (const amount of amounts) {
    const w = await site.app.services.referral.requestWithdrawal(
      userId,
      { amount, requisites: 'USDT TRC20 TQ1' },
      'ru',
    );
    ids.push(w.withdrawal.id);
  }
  return { email, userId, ids };
}

async function logIn(page: Page, t: (typeof texts)['ru'], site: Site) {
  const email = `e2e-op-${Date.now().toString(36)}${n++}@obmen.test`;
  await staffUser(site.app, 'operator', email);
  await page.goto(`${t.prefix}/admin/withdrawals`);
  await page.waitForURL((u) => u.pathname === `${t.prefix}/login`);
  await waitForHydration(page);
  const form = page.getByTestId('login-form').first();
  await form.getByLabel(t.email, { exact: true }).fill(email);
  await form.getByLabel(t.password, { exact: true }).fill('operator password 1');
  await form.getByRole('button', { name: t.login, exact: true }).click();
  await page.waitForURL((u) => u.pathname === `${t.prefix}/admin/withdrawals`);
  await waitForHydration(page);
}

const card = (page: Page, id: number) =>
  page.getByTestId('withdrawal').filter({ hasText: new RegExp(`№ ${id}\\b|No\\. ${id}\\b`) });

describeE2E('operator console: partner payouts', () => {
  test('ru, desktop: pay one request with a reference, reject another with a reason', async ({ site, newPage }) => {
    mkdirSync(shots, { recursive: true });
    const t = texts.ru;
    const partner = await partnerWithRequests(site, ['30', '20']);
    const page = await newPage();
    await logIn(page, t, site);
    await expect.poll(() => card(page, partner.ids[0]!).count()).toBe(1);
    await page.screenshot({ path: `${shots}/queue-ru-desktop.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    const first = card(page, partner.ids[0]!);
    await first.getByRole('button', { name: t.pay, exact: true }).click();
    await first.getByRole('button', { name: 'Отметить выплаченной' }).click();
    await expect.poll(() => first.innerText()).toContain('Обязательное поле.');
    await first.getByLabel('Номер транзакции или перевода').fill('tx-e2e-1');
    await first.getByRole('button', { name: 'Отметить выплаченной' }).click();
    // Paid requests leave the pending queue.
    await expect.poll(() => card(page, partner.ids[0]!).count()).toBe(0);

    const second = card(page, partner.ids[1]!);
    await second.getByRole('button', { name: t.reject, exact: true }).click();
    await second.getByLabel('Причина отказа').fill('Сеть не совпадает');
    await second.getByRole('button', { name: 'Отклонить заявку' }).click();
    await expect.poll(() => card(page, partner.ids[1]!).count()).toBe(0);

    const totals = await site.app.services.referral.totals(partner.userId);
    expect(Number(totals.balance)).toBe(70);
    expect(Number(totals.paid)).toBe(30);
  });

  test('en, phone: change the accrual percent, see a field error first', async ({ site, newPage, problems }) => {
    // The refused save is a 400 the browser logs; it is the point of this step.
    problems.allow(/status of 400 \(Bad Request\)/);
    const t = texts.en;
    await partnerWithRequests(site, ['15']);
    const page = await newPage({ viewport: phone });
    await logIn(page, t, site);
    await page.getByLabel('Percent of the exchanged amount, %').fill('80');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.locator('#referral-settings').locator('..').innerText())
      .toContain('The maximum amount is 50.');
    await page.getByLabel('Percent of the exchanged amount, %').fill('0.4');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('status').allInnerTexts()).toContain('Terms saved.');
    expect((await site.app.services.referral.settings()).percent).toBe('0.4');
    await page.screenshot({ path: `${shots}/queue-en-phone.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('ru, phone: create a promocode through the page; a bad discount is a field error first', async ({
    site,
    newPage,
    problems,
  }) => {
    problems.allow(/status of 400 \(Bad Request\)/);
    const page = await newPage({ viewport: phone });
    const email = `e2e-op-${Date.now().toString(36)}${n++}@obmen.test`;
    await staffUser(site.app, 'operator', email);
    await page.goto('/admin/promocodes');
    await page.waitForURL((u) => u.pathname === '/login');
    await waitForHydration(page);
    const login = page.getByTestId('login-form').first();
    await login.getByLabel('E-mail', { exact: true }).fill(email);
    await login.getByLabel('Пароль', { exact: true }).fill('operator password 1');
    await login.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin/promocodes');
    await waitForHydration(page);

    await page.getByRole('button', { name: 'Новый промокод' }).click();
    const form = page.getByTestId('promocode-form');
    await form.getByLabel('Код', { exact: true }).fill('winter-e2e');
    await form.getByLabel('Скидка к курсу, %').fill('80');
    await form.getByRole('button', { name: 'Создать' }).click();
    await expect.poll(() => form.innerText()).toContain('Максимальная сумма: 50.');
    await form.getByLabel('Скидка к курсу, %').fill('2');
    await form.getByRole('button', { name: 'Создать' }).click();
    await expect.poll(() => page.getByTestId('promocode').filter({ hasText: 'WINTER-E2E' }).count()).toBe(1);
    await page.screenshot({ path: `${shots}/promocodes-ru-phone.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
