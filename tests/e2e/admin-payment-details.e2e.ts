import { mkdirSync } from 'node:fs';
import { withLuhnDigit } from '../../shared/exchange/requisites.ts';
import { formatCardNumber } from '../../shared/format.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { logInToConsole } from './console.ts';
import { describeE2E, desktop, expect, phone, test } from './fixture.ts';
import { waitForHydration } from './pages.ts';

/**
 * Issue 6 §3 in Chromium: the operator adds a card to a currency's pool (a wrong check digit is a field error first)
 * and switches off the last details of a currency, confirming the warning; the page then says claims in it are
 * refused. ru on a desktop, en on a phone. Screenshots go to tmp/shots-payment-details/ for review.
 */

const shots = 'tmp/shots-payment-details';
describeE2E('operator console: payment details', () => {
  test('ru, desktop: filter by currency and add a card; a wrong check digit is a field error first', async ({
    site,
    newPage,
    problems,
  }) => {
    problems.allow(/status of 400 \(Bad Request\)/);
    mkdirSync(shots, { recursive: true });
    const page = await newPage({ viewport: desktop });
    await logInToConsole(page, site, '', '/admin/payment-details');
    await page.locator('select[name=currency]').selectOption('ACRUB');
    await page.waitForURL((u) => u.searchParams.get('currency') === 'ACRUB');
    await expect.poll(() => page.getByTestId('payment-detail').count()).toBe(2);

    await page.getByRole('button', { name: 'Добавить реквизиты' }).click();
    const form = page.getByTestId('payment-detail-form');
    await form.getByLabel('Название на русском').fill('Альфа, карта 3');
    await form.getByLabel('Реквизиты', { exact: true }).fill('2200 1530 0000 0000');
    await form.getByRole('button', { name: 'Создать' }).click();
    await expect
      .poll(() => form.innerText())
      .toContain('В номере карты опечатка: не сходится контрольная цифра. Проверьте каждую цифру.');
    const card = withLuhnDigit('220015300000003');
    await form.getByLabel('Реквизиты', { exact: true }).fill(card.replace(/(\d{4})/g, '$1 '));
    await form.getByRole('button', { name: 'Создать' }).click();
    // The pool writes a card grouped by four, as everywhere else.
    await expect
      .poll(() =>
        page
          .getByTestId('payment-detail')
          .filter({ hasText: formatCardNumber(card) })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByRole('status').allInnerTexts()).toContain('Реквизиты добавлены.');
    await page.screenshot({ path: `${shots}/pool-ru-desktop.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('en, phone: switching off the last details warns first; the page then shows the currency refused', async ({
    site,
    newPage,
    problems,
  }) => {
    problems.allow(/status of 409 \(Conflict\)/);
    const page = await newPage({ viewport: phone });
    await logInToConsole(page, site, '/en', '/admin/payment-details');
    await page.goto('/en/admin/payment-details?currency=PRUSD');
    await waitForHydration(page);
    const only = page.getByTestId('payment-detail');
    await expect.poll(() => only.count()).toBe(1);
    // The edit form on a phone: the value's hint names what this currency's details look like.
    await only.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => only.getByTestId('payment-detail-form').innerText()).toContain('Holder');
    await page.screenshot({ path: `${shots}/pool-en-phone-edit.png`, fullPage: true });
    await only.getByRole('button', { name: 'Edit', exact: true }).click();
    await only.getByRole('button', { name: 'Switch off' }).click();
    await expect.poll(() => only.innerText()).toContain('These are the last active details');
    await page.screenshot({ path: `${shots}/pool-en-phone-warning.png`, fullPage: true });
    // The warning takes the keyboard (the switch button, disabled while it ran, had dropped it to the page), and the
    // keyboard goes on to "Switch off anyway"; once done, the focus is back on the row's switch button.
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.textContent);
    await expect.poll(focused).toBe('payment-detail-refusal');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Switch off anyway');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual(expect.stringContaining('Payeer USD (PRUSD)'));
    await expect.poll(() => only.innerText()).toContain('Off');
    await expect.poll(focused).toBe('Switch on');
    await page.screenshot({ path: `${shots}/pool-en-phone.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Enter');
    await expect.poll(() => only.innerText()).toContain('Details switched on.');
    await expect.poll(focused).toBe('Switch off');
  });
});
