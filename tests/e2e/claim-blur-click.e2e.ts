import type { Page } from 'playwright-core';
import { desktop, describeE2E, expect, phone, test } from './fixture.ts';
import { checkPage } from './pages.ts';

/**
 * A press that makes a field's check speak (docs/product/behaviour.md, "The claim form's messages"): leaving a
 * mistyped address for the agreement's box or the claim button puts the address's message above them. Shown at once,
 * it moved the box ~46 px (desktop) / ~86 px (phone) and the button ~170 px between the mouse's press and its
 * release, so the click landed on nothing: the box stayed unticked, the claim was not sent. The message now waits for
 * the release; leaving by the keyboard still shows it at once.
 */

const path = '/?cur_from=SBERRUB&cur_to=LTC';
// A bech32 LTC address with one character changed: its shape is right, its checksum is not.
const mistyped = 'ltc1qg82tnfeq7gz8cgqvh5fsxrm6jfa0ntd0f0a8a2';
const checksumMessage = /Контрольная сумма адреса LTC не сходится/;

const address = (page: Page) => page.getByLabel('Адрес кошелька LTC');
const agreement = (page: Page) => page.getByLabel(/Я принимаю/);
const shown = (page: Page) => page.getByText(checksumMessage).count();

/** The mouse pressed and released where `target` is before the press, as a person aims at it. */
async function clickWhereItIs(page: Page, target: ReturnType<Page['locator']>) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // A person's click takes a moment: the page renders what leaving the field did before the release.
  await page.waitForTimeout(100);
  await page.mouse.up();
}

async function typeMistypedAddress(page: Page) {
  await checkPage(page, path, 'ru');
  await address(page).fill(mistyped);
  // The calculator's code arrived with the first interaction (the claim button works only with it).
  await expect.poll(() => page.getByRole('button', { name: 'Создать заявку' }).isEnabled()).toBe(true);
  expect(await shown(page)).toBe(0);
}

const viewports = [
  { name: 'desktop', options: { viewport: desktop } },
  { name: 'phone', options: { viewport: phone, isMobile: true, hasTouch: true } },
] as const;

describeE2E('claim form: a click that leaves a mistyped field, ru', () => {
  for (const { name, options } of viewports) {
    test(`${name}: a click on the agreement's box right after a mistyped address ticks it; the message shows`, async ({
      newPage,
    }) => {
      const page = await newPage(options);
      await typeMistypedAddress(page);
      await clickWhereItIs(page, agreement(page));
      await expect.poll(() => agreement(page).isChecked()).toBe(true);
      await expect.poll(() => shown(page)).toBe(1);
      expect(await address(page).getAttribute('aria-invalid')).toBe('true');
    });
  }

  test('phone: a tap on the agreement right after a mistyped address ticks it too', async ({ newPage }) => {
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await typeMistypedAddress(page);
    const box = agreement(page);
    await box.scrollIntoViewIfNeeded();
    const at = (await box.boundingBox())!;
    await page.touchscreen.tap(at.x + at.width / 2, at.y + at.height / 2);
    await expect.poll(() => box.isChecked()).toBe(true);
    await expect.poll(() => shown(page)).toBe(1);
  });

  test('phone: "Создать заявку" pressed right after a mistyped address is not lost: it submits and focuses a field to fix', async ({
    newPage,
  }) => {
    const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await typeMistypedAddress(page);
    await clickWhereItIs(page, page.getByRole('button', { name: 'Создать заявку' }));
    // The press submitted: its check said what is missing or wrong and took the customer to the first field that
    // says so (the sender's card, left empty here). Lost, the press had left the focus on the page's body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('fromRequisites.card');
    expect(await page.locator('input[name="fromRequisites.card"]').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => shown(page)).toBe(1);
    await expect.poll(() => page.getByText('Подтвердите согласие с правилами обмена.').count()).toBe(1);
  });

  test('desktop: leaving the address by Tab shows its message at once', async ({ newPage }) => {
    const page = await newPage({ viewport: desktop });
    await typeMistypedAddress(page);
    await page.keyboard.press('Tab');
    await expect.poll(() => shown(page)).toBe(1);
  });
});
