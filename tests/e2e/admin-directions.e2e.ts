import { mkdirSync } from 'node:fs';
import Big from 'big.js';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { logInToConsole } from './console.ts';
import { describeE2E, expect, phone, test } from './fixture.ts';
import { checkPage, spaced, waitForHydration } from './pages.ts';
import { formatAmount } from '../../shared/format.ts';

/**
 * Issue 6 §3 in Chromium: an operator changes a direction's course and the calculator offers it at once; switches a
 * direction off; changes a reserve with a reason and reads it in the history; creates a currency with two requisite
 * inputs and a direction into it, which a visitor then finds in the calculator. Screenshots go to tmp/shots-directions/.
 */

const shots = 'tmp/shots-directions';

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
    await logInToConsole(page, site, '', '/admin/directions');
    await page.screenshot({ path: `${shots}/directions-ru-desktop.png` });
    await expectNoSeriousA11yViolations(page);

    const row = page.locator(`[data-testid="direction"][data-id="${d.id}"]`);
    await row.getByRole('link', { name: /^Изменить/ }).click();
    await page.waitForURL((u) => u.pathname === `/admin/directions/${d.id}`);
    const form = page.getByTestId('direction-form');
    await form.getByLabel('Курс вручную').fill('abc');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => form.innerText()).toContain('Введите число, например 2,5.');
    await form.getByLabel('Курс вручную').fill('99999999999999999999');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => form.innerText()).toContain('Слишком большое число: не более 18 цифр до запятой.');
    expect(await form.getByLabel('Курс вручную').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${shots}/direction-refused-ru-desktop.png`, fullPage: true });
    // The ru console's comma decimal is read as a point.
    await form.getByLabel('Курс вручную').fill('123,45');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    // Written as the calculator writes a course, with a decimal comma: "1 USDT = 123,45 RUB".
    await expect
      .poll(() => page.getByTestId('direction-course').innerText())
      .toBe(`1\u00a0${d.from.symbol} = 123,45\u00a0${d.to.symbol}`);
    await expect.poll(() => form.getByRole('status').innerText()).toBe('Направление сохранено.');

    const offered = await page.request.get(`/api/v1/calculator/pair/${d.from.id}/${d.to.id}/`);
    expect(((await offered.json()) as { course: string }).course).toBe('123.45');

    await form.getByLabel('Направление включено').uncheck();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => form.getByRole('status').innerText()).toBe('Направление сохранено.');
    expect((await page.request.get(`/api/v1/calculator/pair/${d.from.id}/${d.to.id}/`)).status()).toBe(404);
    await page
      .getByRole('navigation', { name: 'Навигационная цепочка' })
      .getByRole('link', { name: 'Направления' })
      .click();
    await page.waitForURL((u) => u.pathname === '/admin/directions');
    await expect.poll(() => row.innerText()).toContain('Выключено');
  });

  test('en, phone: a reserve changed with a reason, refused below zero, kept in the history', async ({
    site,
    newPage,
    problems,
  }) => {
    // The refused change is a 400 the browser logs; it is the point of one step.
    problems.allow(/status of 400 \(Bad Request\)/);
    const page = await newPage({ viewport: phone });
    await logInToConsole(page, site, '/en', '/admin/currencies');
    const row = page.locator('[data-testid="currency"][data-code="USDTTRC20"]');
    const usdt = (await site.app.services.admin.directions.currencies('en')).find((c) => c.code === 'USDTTRC20')!;
    const before = usdt.reserve;
    // The reserve as every figure is written: grouped, the currency's places, its ticker (not the code USDTTRC20).
    expect(await row.getByTestId('currency-reserve').innerText()).toBe(
      `${formatAmount(before, usdt, 'en')}\u00a0${usdt.symbol}`,
    );
    await row.getByRole('button', { name: 'Change the reserve' }).click();
    // A debit asks first, with the reserve before and after; "Cancel" leaves the reserve as it was.
    await row.getByLabel('Change (signed: 1500 adds, -200 takes away)').fill('-0.5');
    await row.getByLabel('Reason', { exact: true }).fill('Fee of the payout');
    await row.getByRole('button', { name: 'Apply' }).click();
    const money = (v: string) => `${formatAmount(v, usdt, 'en')}\u00a0${usdt.symbol}`;
    await expect
      .poll(() => row.getByRole('group').innerText())
      .toContain(`Reserve ${money(before)} → ${money(new Big(before).minus('0.5').toFixed())}. Debit ${money('0.5')}?`);
    await page.screenshot({ path: `${shots}/debit-en-phone.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.getByRole('group').count()).toBe(0);
    expect(new Big((await site.app.services.admin.directions.currency(usdt.id))!.reserve).eq(before)).toBe(true);
    // The reserve moves while the question is open (another operator, a claim's payout): "Yes" is refused with the
    // figure now, nothing is debited, and the next question starts from that figure.
    await row.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => row.getByRole('group').count()).toBe(1);
    await site.app.services.admin.directions.changeReserve(
      { id: 0, email: 'e2e-other-operator@obmen.test' },
      usdt.id,
      '-1',
      'Another operator',
    );
    const moved = new Big(before).minus(1).toFixed();
    await row.getByRole('button', { name: 'Yes, debit' }).click();
    await expect.poll(() => row.innerText()).toContain(`The reserve has changed meanwhile`);
    expect(spaced(await row.innerText())).toContain(spaced(`it is ${money(moved)} now. Nothing was debited`));
    expect(new Big((await site.app.services.admin.directions.currency(usdt.id))!.reserve).eq(moved)).toBe(true);
    await page.screenshot({ path: `${shots}/debit-moved-en-phone.png`, fullPage: true });
    await row.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => row.getByRole('group').innerText())
      .toContain(`Reserve ${money(moved)} → ${money(new Big(moved).minus('0.5').toFixed())}. Debit ${money('0.5')}?`);
    await row.getByRole('button', { name: 'Cancel' }).click();
    // A debit past the reserve gets no question: "Apply" refuses it with the server's message and sends nothing (the
    // server's own check, under its lock, is the API tests').
    await row.getByLabel('Change (signed: 1500 adds, -200 takes away)').fill(`-${before}1`);
    await row.getByLabel('Reason', { exact: true }).fill('Test');
    await row.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => row.innerText()).toContain('The reserve cannot go below zero');
    expect(spaced(await row.innerText())).toContain(spaced(`(it is ${money(moved)} now)`));
    expect(await row.getByRole('group').count()).toBe(0);
    expect(await row.getByLabel('Change (signed: 1500 adds, -200 takes away)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await page.screenshot({ path: `${shots}/debit-below-zero-en-phone.png`, fullPage: true });
    expect(new Big((await site.app.services.admin.directions.currency(usdt.id))!.reserve).eq(moved)).toBe(true);
    // Another operator tops the reserve up after this page loaded: a debit past the figure the page shows is not
    // refused on it, "Apply" reads the reserve again and asks from the figure now, and "Yes, debit" is applied.
    await site.app.services.admin.directions.changeReserve(
      { id: 0, email: 'e2e-other-operator@obmen.test' },
      usdt.id,
      '200',
      'Another operator',
    );
    const topped = new Big(moved).plus(200).toFixed();
    const past = new Big(moved).plus(100).toFixed();
    await row.getByLabel('Change (signed: 1500 adds, -200 takes away)').fill(`-${past}`);
    await row.getByLabel('Reason', { exact: true }).fill('Paid out by hand');
    await row.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => row.getByRole('group').innerText())
      .toContain(`Reserve ${money(topped)} → ${money('100')}. Debit ${money(past)}?`);
    await row.getByRole('button', { name: 'Yes, debit' }).click();
    await expect.poll(() => row.getByRole('status').innerText()).toContain('Reserve changed');
    expect(new Big((await site.app.services.admin.directions.currency(usdt.id))!.reserve).eq(100)).toBe(true);
    await row.getByLabel('Change (signed: 1500 adds, -200 takes away)').fill('-0.5');
    await row.getByLabel('Reason', { exact: true }).fill('Fee of the payout');
    await row.getByRole('button', { name: 'Apply' }).click();
    await row.getByRole('button', { name: 'Yes, debit' }).click();
    await expect.poll(() => row.getByTestId('reserve-history').innerText()).toContain('Fee of the payout');
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

  test('ru, phone: a new currency with two inputs and a direction into it; en, desktop: a visitor finds the pair', async ({
    site,
    newPage,
    problems,
  }) => {
    // The refused first save is a 400 the browser logs; it is the point of one step.
    problems.allow(/status of 400 \(Bad Request\)/);
    mkdirSync(shots, { recursive: true });
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await logInToConsole(page, site, '', '/admin/currencies');
    await page.getByRole('link', { name: 'Новая валюта' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/currencies/new');
    await waitForHydration(page);
    const form = page.getByTestId('currency-form');
    await form.getByLabel('Код (как у мониторингов)').fill('pye2e');
    await form.getByLabel('Название по-русски').fill('Payoneer E2E');
    await form.getByLabel('Название по-английски').fill('Payoneer E2E');
    await form.getByLabel('Единица (RUB, USDT, BTC)').fill('USD');
    await form.getByLabel('Логотип').fill('/currencies/prusd.svg');

    const side = form.getByTestId('toInputs');
    await side.getByRole('button', { name: 'Добавить поле' }).click();
    await side.getByRole('button', { name: 'Добавить поле' }).click();
    const [wallet, holder] = [side.getByTestId('input-item').nth(0), side.getByTestId('input-item').nth(1)];
    await wallet.getByLabel('Имя (латиница: card, address)').fill('wallet');
    await wallet.getByLabel('Проверка').selectOption('email');
    await wallet.getByLabel('Подпись по-русски').fill('E-mail кошелька');
    await wallet.getByLabel('Подпись по-английски').fill('Wallet e-mail');
    await wallet.getByLabel('Пример (подсказка в поле)').fill('anna@example.com');
    // The preview checks a value as the claim form will.
    const preview = wallet.getByTestId('input-preview');
    await preview.getByLabel('E-mail кошелька').fill('anna@');
    await expect.poll(() => preview.innerText()).toContain('Введите правильный адрес e-mail.');
    await preview.getByLabel('E-mail кошелька').fill('anna@example.com');
    await expect.poll(() => preview.innerText()).toContain('Значение проходит проверку.');

    await holder.getByLabel('Имя (латиница: card, address)').fill('Holder name');
    await holder.getByLabel('Подпись по-русски').fill('Владелец');
    await holder.getByLabel('Подпись по-английски').fill('Holder');
    await holder.getByLabel('Пример (подсказка в поле)').fill('Anna Smirnova');
    await holder.getByLabel('Обязательное').uncheck();
    await form.getByRole('button', { name: 'Создать' }).click();
    await expect.poll(() => holder.innerText()).toContain('Имя поля: латинские строчные буквы');
    await expect.poll(() => form.getByRole('alert').last().innerText()).toBe('Проверьте отмеченные поля.');
    await page.screenshot({ path: `${shots}/currency-new-ru-phone.png`, fullPage: true });
    await holder.getByLabel('Имя (латиница: card, address)').fill('holder');
    await form.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL((u) => /^\/admin\/currencies\/\d+$/.test(u.pathname));
    const currencyUrl = page.url();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('Валюта создана.');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/admin/directions');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Новое направление' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/directions/new');
    await waitForHydration(page);
    const direction = page.getByTestId('direction-form');
    await direction.getByLabel('Клиент отдаёт').selectOption({ label: 'Сбербанк RUB · SBERRUB' });
    await direction.getByLabel('Клиент получает').selectOption({ label: 'Payoneer E2E · PYE2E' });
    await direction.getByLabel('Курс вручную').fill('0.0108');
    await direction.getByLabel('Под «Получаете», по-английски').fill('Paid out within 10 minutes.');
    await page.screenshot({ path: `${shots}/direction-new-ru-phone.png`, fullPage: true });
    await direction.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL((u) => /^\/admin\/directions\/\d+$/.test(u.pathname));
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('Направление создано');
    await expectNoSeriousA11yViolations(page);

    // A new currency's reserve is 0, which pays out nothing: the site offers the direction once it is topped up (the
    // reserve form itself is the journey above; here another operator's top-up).
    const created = Number(/\/admin\/currencies\/(\d+)/.exec(currencyUrl)![1]);
    await site.app.services.admin.directions.changeReserve(
      { id: 0, email: 'e2e-other-operator@obmen.test' },
      created,
      '5000',
      'Opening balance',
    );

    const visitor = await newPage();
    await checkPage(visitor, '/en?cur_from=SBERRUB&cur_to=PYE2E', 'en');
    await expect
      .poll(() => visitor.getByRole('button', { name: /You receive/ }).textContent())
      .toContain('Payoneer E2E');
    await expect.poll(() => visitor.getByLabel('Wallet e-mail').count()).toBe(1);
    expect(await visitor.getByLabel(/^Holder/).getAttribute('placeholder')).toBe('Anna Smirnova');
    await expect.poll(() => visitor.getByText('Paid out within 10 minutes.').count()).toBe(1);
    await visitor.screenshot({ path: `${shots}/calculator-new-pair-en-desktop.png`, fullPage: true });
  });
});
