import type { Page } from 'playwright-core';
import { waitForHydration } from './pages.ts';
import { describeE2E, expect, phone, test } from './fixture.ts';

/**
 * Journeys (b) and (d): the header on a phone (burger menu: aria-expanded, links, scroll lock, closing on a click)
 * and the login modal (opens from the header, closes with Escape, empty submit shows the required messages).
 * Selectors are roles and accessible names only, so markup may change freely.
 */

const texts = {
  ru: {
    openMenu: 'Открыть меню',
    links: ['Правила', 'Партнёрам', 'AML/KYC', 'Новости', 'FAQ', 'Контакты'],
    absent: [] as string[],
    rules: 'Правила',
    login: 'Войти',
    dialog: 'Вход в личный кабинет',
    required: /обязательн|заполните|введите|укажите/i,
  },
  en: {
    openMenu: 'Open menu',
    links: ['Rules', 'Partners', 'AML/KYC', 'FAQ', 'Contacts'],
    absent: ['News'],
    rules: 'Rules',
    login: 'Log in',
    dialog: 'Login to your personal account',
    required: /required|fill in|enter/i,
  },
} as const;

const home = { ru: '/', en: '/en' } as const;

async function scrollLocked(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [document.documentElement, document.body].some((el) => {
      const s = getComputedStyle(el);
      return s.overflow === 'hidden' || s.overflowY === 'hidden' || s.overflow === 'clip' || s.overflowY === 'clip';
    }),
  );
}

for (const locale of ['ru', 'en'] as const) {
  const t = texts[locale];

  describeE2E(`header on a phone, ${locale}`, () => {
    test('the burger opens the menu, locks scroll, and a link closes it and navigates', async ({ newPage }) => {
      const page = await newPage({ viewport: phone, isMobile: true, hasTouch: true });
      await page.goto(home[locale]);
      await waitForHydration(page);

      const burger = page.getByRole('button', { name: t.openMenu });
      await expect.poll(() => burger.count(), { message: `a button named '${t.openMenu}'` }).toBe(1);
      // The name may change to 'Close menu' once open: keep hold of the element itself.
      const handle = (await burger.elementHandle())!;
      expect(await handle.getAttribute('aria-expanded')).toBe('false');
      expect(await scrollLocked(page)).toBe(false);

      await handle.click();
      await expect.poll(() => handle.getAttribute('aria-expanded')).toBe('true');
      for (const name of t.links) {
        await expect
          .poll(() => page.getByRole('link', { name, exact: true }).count(), { message: `menu link '${name}'` })
          .toBeGreaterThan(0);
        expect(await page.getByRole('link', { name, exact: true }).first().isVisible()).toBe(true);
      }
      for (const name of t.absent) {
        expect(
          await page.getByRole('link', { name, exact: true }).count(),
          `'${name}' must not show in ${locale}`,
        ).toBe(0);
      }
      await expect.poll(() => scrollLocked(page), { message: 'page scroll locked while the menu is open' }).toBe(true);

      await page.getByRole('link', { name: t.rules, exact: true }).first().click();
      await page.waitForURL((u) => u.pathname === (locale === 'ru' ? '/rules' : '/en/rules'));
      await expect
        .poll(() => page.getByRole('button', { name: t.openMenu }).getAttribute('aria-expanded'), {
          message: 'the menu closed after the click',
        })
        .toBe('false');
      await expect.poll(() => scrollLocked(page), { message: 'scroll unlocked after closing' }).toBe(false);
    });
  });

  describeE2E(`login modal, ${locale}`, () => {
    test('opens from the header, closes with Escape; an empty submit shows the required messages', async ({ page }) => {
      await page.goto(home[locale]);
      await waitForHydration(page);
      const dialog = page.getByRole('dialog', { name: t.dialog });
      const open = page.getByRole('banner').getByRole('button', { name: t.login, exact: true });
      await expect.poll(() => open.count(), { message: `header button '${t.login}'` }).toBe(1);

      await open.click();
      await expect.poll(() => dialog.isVisible(), { message: `dialog '${t.dialog}'` }).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count(), { message: 'Escape closes the dialog' }).toBe(0);

      await open.click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const url = page.url();
      await dialog.getByRole('button', { name: t.login, exact: true }).click();
      // Still open, nothing sent anywhere, and a message under each empty field.
      expect(page.url()).toBe(url);
      expect(await dialog.isVisible()).toBe(true);
      await expect.poll(() => dialog.innerText(), { message: 'required messages' }).toMatch(t.required);
      for (const field of [dialog.getByRole('textbox').first(), dialog.locator('input[type=password]')]) {
        await expect
          .poll(() =>
            field.evaluate(
              (el) => el.getAttribute('aria-invalid') === 'true' || (el as HTMLInputElement).matches(':invalid'),
            ),
          )
          .toBe(true);
      }
    });
  });
}
