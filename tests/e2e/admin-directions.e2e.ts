import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { staffUser } from '../../server/modules/admin/test-support.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { describeE2E, expect, phone, test, type Site } from './fixture.ts';
import { waitForHydration } from './pages.ts';

/**
 * Issue 6 §3 in Chromium: an operator changes a direction's course and the calculator offers it at once; switches a
 * direction off; changes a reserve with a reason and reads it in the history. Screenshots go to tmp/shots-directions/.
 */

const shots = 'tmp/shots-directions';
let n = 0;

async function logIn(page: Page, site: Site, prefix: string, path: string) {
  const email = `e2e-dir-${Date.now().toString(36)}${n++}@obmen.test`;
  await staffUser(site.app, 'operator', email);
  await page.goto(`${prefix}${path}`);
  await page.waitForURL((u) => u.pathname === `${prefix}/login`);
  await waitForHydration(page);
  const form = page.getByTestId('login-form').first();
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel(prefix ? 'Password' : 'Пароль', { exact: true }).fill('operator password 1');
  await form.getByRole('button', { name: prefix ? 'Log in' : 'Войти', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `${prefix}${path}`);
  await waitForHydration(page);
}

describeE2E('operator console: directions and reserves', () => {
  test('ru, desktop: a new manual course reaches the calculator; a direction switched off leaves it', async ({
    site,
    newPage,
    problems,
  }) => {
    // The refused save and the switched-off pair's 404 are answers the browser logs; both are checked here.
    problems.allow(/status of 400 \(Bad Request\)/);
    mkdirSync(shots, { recursive: true });
    const list = (await site.app.services.admin.directions.directions('ru')).filter(
      (d) => d.courseMode === 'manual' && d.active && d.course,
    );
    const d = list[0]!;
    const page = await newPage();
    await logIn(page, site, '', '/admin/directions');
    await page.screenshot({ path: `${shots}/directions-ru-desktop.png` });
    await expectNoSeriousA11yViolations(page);

    const row = page.locator(`[data-testid="direction"][data-id="${d.id}"]`);
    await row.getByRole('button', { name: 'Изменить' }).click();
    await row.getByLabel('Курс вручную').fill('abc');
    await row.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => row.innerText()).toContain('Введите сумму числом');
    await row.getByLabel('Курс вручную').fill('123.45');
    await row.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => row.getByTestId('direction-course').innerText()).toBe('123.45');
    await expect.poll(() => row.getByRole('status').innerText()).toBe('Направление сохранено.');

    const offered = await page.request.get(`/api/v1/calculator/pair/${d.from.id}/${d.to.id}/`);
    expect(((await offered.json()) as { course: string }).course).toBe('123.45');

    await row.getByRole('button', { name: 'Изменить' }).click();
    await row.getByLabel('Направление включено').uncheck();
    await row.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => row.innerText()).toContain('Выключено');
    expect((await page.request.get(`/api/v1/calculator/pair/${d.from.id}/${d.to.id}/`)).status()).toBe(404);
  });

  test('en, phone: a reserve changed with a reason, refused below zero, kept in the history', async ({
    site,
    newPage,
    problems,
  }) => {
    // The refused change is a 400 the browser logs; it is the point of one step.
    problems.allow(/status of 400 \(Bad Request\)/);
    const page = await newPage({ viewport: phone });
    await logIn(page, site, '/en', '/admin/currencies');
    const row = page.locator('[data-testid="currency"][data-code="USDTTRC20"]');
    const before = (await row.getByTestId('currency-reserve').innerText()).split(' ')[0]!;
    await row.getByRole('button', { name: 'Change the reserve' }).click();
    await row.getByLabel('Change (signed: 1500 adds, -200 takes away)').fill(`-${before}1`);
    await row.getByLabel('Reason', { exact: true }).fill('Test');
    await row.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => row.innerText()).toContain('The reserve cannot go below zero');
    await row.getByLabel('Change (signed: 1500 adds, -200 takes away)').fill('250');
    await row.getByLabel('Reason', { exact: true }).fill('Topped up from the exchange account');
    await row.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => row.getByTestId('reserve-history').innerText())
      .toContain('Topped up from the exchange account');
    await expect.poll(() => row.getByRole('status').innerText()).toContain('Reserve changed');
    await page.screenshot({ path: `${shots}/currencies-en-phone.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
