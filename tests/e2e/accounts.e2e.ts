import type { Page } from 'playwright-core';
import { build } from '../helpers/build.ts';
import { startSmtpCatcher } from '../helpers/smtp-catcher.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { waitForHydration } from './pages.ts';
import { describeE2E, expect, test as base, type Site, freePort } from './fixture.ts';

/**
 * Issue 4 journeys in Chromium, ru and en: sign up, follow the e-mailed link (a real SMTP catcher receives it), log in
 * through the header modal with remember-me, the account, reload, log out; the login errors; the 'auth' and 'guest'
 * guards on full loads and client navigations; the client's refresh-and-retry on token_not_valid.
 */

type Catcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** The fixture's site, with its mail going to an SMTP catcher of this file. */
const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern
  .extend('mail', { scope: 'file' }, async ({}, { onCleanup }) => {
    const mail = await startSmtpCatcher();
    onCleanup(() => mail.close());
    return mail;
  })
  .extend('site', { scope: 'file' }, async ({ mail }, { onCleanup }): Promise<Site> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const app = await build({ seed: true, ssr: true, env: { PUBLIC_URL: url, SMTP_URL: mail.url } });
    onCleanup(() => app.close());
    await app.app.listen({ port, host: '127.0.0.1' });
    return { url, app };
  });

const texts = {
  ru: {
    home: '/',
    prefix: '',
    login: 'Войти',
    logout: 'Выйти',
    dialog: 'Вход в личный кабинет',
    email: 'E-mail',
    password: 'Пароль',
    confirm: 'Повторите пароль',
    remember: 'Запомнить меня',
    register: 'Зарегистрироваться',
    checkMail: 'Проверьте почту',
    activationSubject: /Подтвердите регистрацию/,
    activated: 'Аккаунт успешно активирован',
    alreadyActive: 'Аккаунт уже активирован',
    wrong: 'Неверный e-mail или пароль.',
    orders: 'Мои заявки',
    settings: 'Настройки',
    resend: 'Отправить ссылку ещё раз',
    resent: 'Мы отправили новую ссылку для активации. Проверьте почту.',
    haveAccount: 'Войти',
    needsScript: 'Для этой формы нужен JavaScript',
    commonPassword: 'Этот пароль подбирают первым',
  },
  en: {
    home: '/en',
    prefix: '/en',
    login: 'Log in',
    logout: 'Sign out',
    dialog: 'Login to your personal account',
    email: 'E-mail',
    password: 'Password',
    confirm: 'Confirm password',
    remember: 'To remember me',
    register: 'Create account',
    checkMail: 'Check your inbox',
    activationSubject: /Confirm your Obmen sign-up/,
    activated: 'Account successfully activated',
    alreadyActive: 'The account is already activated',
    wrong: 'Wrong e-mail or password.',
    orders: 'My orders',
    settings: 'Settings',
    resend: 'Send the link again',
    resent: 'We have sent a new activation link. Please check your mail.',
    haveAccount: 'Log in',
    needsScript: 'This form needs JavaScript',
    commonPassword: 'This password is among the first an attacker tries',
  },
} as const;

type Texts = (typeof texts)[keyof typeof texts];

let counter = 0;
/** A new address per account: e-mails are unique, and mixed case checks the forms lower-case it. */
const newEmail = (locale: string) => `Ann.${locale}.${Date.now().toString(36)}${counter++}@Example.com`;
const password = 'correct-horse-42';

const header = (page: Page) => page.getByRole('banner');
const headerText = (page: Page) => header(page).innerText();

/** Signs up on /register and follows the activation link of the e-mail the catcher received. */
async function signUpAndActivate(page: Page, mail: Catcher, t: Texts, email: string) {
  await signUp(page, t, email);
  const letter = await mail.waitFor(email.toLowerCase(), (m) => t.activationSubject.test(m.subject ?? ''));
  const link = /https?:\/\/\S+?\/activate\/[\w-]+/.exec(letter.text ?? '')?.[0];
  expect(link, 'activation link in the e-mail').toBeTruthy();
  // The link opens the site in the language of sign-up.
  expect(new URL(link!).pathname.startsWith(`${t.prefix}/activate/`)).toBe(true);
  await page.goto(link!);
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.innerText(), { message: 'the notification modal' }).toContain(t.activated);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count(), { message: 'Escape closes the modal' }).toBe(0);
  return link!;
}

async function signUp(page: Page, t: Texts, email: string) {
  await page.goto(`${t.prefix}/register`);
  await waitForHydration(page);
  await page.getByLabel(t.email, { exact: true }).fill(email);
  // The first guess of any attacker is refused under its field, in the page's language (docs/auth.md).
  const field = page.getByLabel(t.password, { exact: true });
  await field.fill('12345678');
  await page.getByLabel(t.confirm, { exact: true }).fill('12345678');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: t.register, exact: true }).click();
  await expect
    .poll(() => page.locator('main').innerText(), { message: 'the common password refused' })
    .toContain(t.commonPassword);
  await expect.poll(() => field.getAttribute('aria-invalid'), { message: 'under the password field' }).toBe('true');
  // Checked in the browser, as the server would, so the focus is on the field, not left on the button.
  await expect
    .poll(() => field.evaluate((input) => input === document.activeElement), { message: 'the password focused' })
    .toBe(true);
  await field.fill(password);
  await page.getByLabel(t.confirm, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.register, exact: true }).click();
  await expect.poll(() => page.locator('main').innerText(), { message: 'sign-up success' }).toContain(t.checkMail);
}

/** Logs in through the header's modal. */
async function loginWithModal(page: Page, t: Texts, email: string, opts: { remember?: boolean; pass?: string } = {}) {
  await header(page).getByRole('button', { name: t.login, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.dialog });
  await expect.poll(() => dialog.isVisible(), { message: 'login modal' }).toBe(true);
  await dialog.getByLabel(t.email, { exact: true }).fill(email);
  await dialog.getByLabel(t.password, { exact: true }).fill(opts.pass ?? password);
  if (opts.remember) await dialog.getByLabel(t.remember).check();
  await dialog.getByRole('button', { name: t.login, exact: true }).click();
  return dialog;
}

/** Logs in with the /login page's form (already open). */
async function loginOnPage(page: Page, t: Texts, email: string) {
  const form = page.getByTestId('login-form').first();
  await form.getByLabel(t.email, { exact: true }).fill(email);
  await form.getByLabel(t.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.login, exact: true }).click();
}

const mailTo = (mail: Catcher, address: string) =>
  mail.messages.filter((m) => m.to?.some((a) => a.address === address)).length;

/** An account made without the browser (sign-up through the service, activation through the API), to log in with. */
async function registeredAccount(site: Site, mail: Catcher, locale: 'ru' | 'en', activate: boolean) {
  const email = newEmail(locale).toLowerCase();
  const api = `${site.url}${locale === 'en' ? '/en' : ''}/api/v1/users`;
  const post = (path: string, body: unknown) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // Through the service: the sign-up route's own journeys run in the browser above, and every sign-up posted from
  // this one address counts toward its hourly allowance (10), which the journeys of both languages then ran past
  // (a 429 instead of the account, depending on the order the tests ran in).
  await site.app.services.users.signup({ email, password, refferal: null }, locale);
  if (activate) {
    const letter = await mail.waitFor(email);
    const token = /\/activate\/([\w-]+)/.exec(letter.text ?? '')![1]!;
    expect((await post(`/activate/${token}/`, {})).status).toBe(200);
  }
  return email;
}

for (const locale of ['ru', 'en'] as const) {
  const t = texts[locale];
  const orders = `${t.prefix}/account/orders`;

  describeE2E(`accounts, ${locale}`, () => {
    test('sign up, activate by the e-mailed link, log in with remember-me, reload, log out', async ({
      page,
      mail,
      problems,
    }) => {
      const email = newEmail(locale);
      const address = email.toLowerCase();
      const link = await signUpAndActivate(page, mail, t, email);
      // The same link opened again (a double click, a mail client's second fetch) says the account is active. The
      // browser logs the API's 400 (already_activated) for it: what this step expects.
      problems.allow(/status of 400/);
      await page.goto(link);
      await expect
        .poll(() => page.getByTestId('activate-already').innerText(), { message: 'the link opened again' })
        .toContain(t.alreadyActive);

      await page.goto(t.home);
      await waitForHydration(page);
      await loginWithModal(page, t, email, { remember: true });
      await page.waitForURL((u) => u.pathname === orders);
      await expect.poll(() => headerText(page), { message: 'the header shows the e-mail' }).toContain(address);
      expect(await header(page).getByRole('link', { name: address }).first().getAttribute('href')).toBe(orders);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(t.orders);
      await expectNoSeriousA11yViolations(page);

      // Remember-me: a persistent cookie (30 days), httpOnly; the access token is in no storage a script can read.
      const cookie = (await page.context().cookies()).find((c) => c.name === 'refreshToken');
      expect(cookie, 'refreshToken cookie').toBeTruthy();
      expect(cookie!.httpOnly).toBe(true);
      expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toMatch(/eyJ/);

      // Reload: the server's HTML already has the logged-in header, so nothing flips after hydration.
      const reloaded = await page.reload();
      const html = await reloaded!.text();
      expect(html).toContain(address);
      expect(html).not.toContain(`>${t.login}</button>`);
      await waitForHydration(page);
      expect(await headerText(page)).toContain(address);

      await header(page).getByRole('button', { name: t.logout }).click();
      await page.waitForURL((u) => u.pathname === t.home);
      await expect
        .poll(() => header(page).getByRole('button', { name: t.login, exact: true }).count(), {
          message: 'logged out: the Log in button is back',
        })
        .toBe(1);
      expect(await headerText(page)).not.toContain(address);
      expect((await page.context().cookies()).some((c) => c.name === 'refreshToken')).toBe(false);
      // The session is over on the server too: the account sends the visitor to log in.
      await page.goto(orders);
      expect(new URL(page.url()).pathname).toBe(`${t.prefix}/login`);
    });

    test('a wrong password shows the error above the form, and typing clears it', async ({
      page,
      site,
      mail,
      problems,
    }) => {
      // Chromium logs the refused login's 400 to the console: expected here.
      problems.allow(/status of 400/);
      const email = await registeredAccount(site, mail, locale, true);
      await page.goto(t.home);
      await waitForHydration(page);
      const dialog = await loginWithModal(page, t, email, { pass: 'not-the-password' });
      const alert = dialog.getByRole('alert');
      await expect.poll(() => alert.innerText(), { message: 'the error above the form' }).toContain(t.wrong);
      expect(new URL(page.url()).pathname).toBe(t.home);
      await dialog.getByLabel(t.password, { exact: true }).pressSequentially('x');
      await expect.poll(() => alert.innerText(), { message: 'typing clears the error' }).toBe('');
      // Without remember-me the session ends with the browser: a session cookie.
      await dialog.getByLabel(t.password, { exact: true }).fill(password);
      await dialog.getByRole('button', { name: t.login, exact: true }).click();
      await page.waitForURL((u) => u.pathname === orders);
      const cookie = (await page.context().cookies()).find((c) => c.name === 'refreshToken');
      expect(cookie!.expires).toBe(-1);
    });

    test('before its script runs the login form cannot be sent; once hydrated it logs in', async ({
      page,
      site,
      mail,
    }) => {
      const email = await registeredAccount(site, mail, locale, true);
      // The page's scripts are held back until released: the server's HTML is all the browser has meanwhile.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.js(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${t.prefix}/login`, { waitUntil: 'commit' });
      const form = page.getByTestId('login-form').first();
      const button = form.getByRole('button', { name: t.login, exact: true });
      await button.waitFor();
      expect(await button.isDisabled(), 'the button waits for the script').toBe(true);
      await form.getByLabel(t.email, { exact: true }).fill(email);
      await form.getByLabel(t.password, { exact: true }).fill(password);
      // Enter in a field would submit the form natively (a GET with the password in the address) were its default
      // button enabled.
      await form.getByLabel(t.password, { exact: true }).press('Enter');
      await page.waitForTimeout(300);
      expect(page.url()).toBe(`${site.url}${t.prefix}/login`);
      release();
      await waitForHydration(page);
      expect(await button.isDisabled(), 'enabled once hydrated').toBe(false);
      // The form took what was typed before it hydrated (its next render would have emptied the fields): it logs in.
      expect(await form.getByLabel(t.password, { exact: true }).inputValue()).toBe(password);
      await button.click();
      await page.waitForURL((u) => u.pathname === orders);
    });

    test('without script the login page says its form needs it, by the button that stays disabled', async ({
      newPage,
    }) => {
      const page = await newPage({ javaScriptEnabled: false });
      await page.goto(`${t.prefix}/login`);
      const form = page.getByTestId('login-form').first();
      const button = form.getByRole('button', { name: t.login, exact: true });
      expect(await button.isDisabled()).toBe(true);
      // ...and looks it: faded, with no pointer that promises a click.
      expect(await button.evaluate((b) => [getComputedStyle(b).opacity, getComputedStyle(b).cursor])).toEqual([
        '0.6',
        'not-allowed',
      ]);
      // (Playwright's text queries skip <noscript>: the hint is found by its place.)
      const hint = form.locator('noscript > p');
      expect(await hint.isVisible()).toBe(true);
      expect(await hint.innerText()).toContain(t.needsScript);
    });

    test('guards: a guest goes to login and comes back; a logged-in visitor skips the guest pages', async ({
      page,
      site,
      mail,
    }) => {
      const email = await registeredAccount(site, mail, locale, true);
      const settings = `${t.prefix}/account/settings`;

      // 'auth' on a full load: to the login page with `next`, and back there after logging in.
      await page.goto(`${settings}?tab=password`);
      const url = new URL(page.url());
      expect(url.pathname).toBe(`${t.prefix}/login`);
      expect(url.searchParams.get('next')).toBe(`${settings}?tab=password`);
      await waitForHydration(page);
      await loginOnPage(page, t, email);
      await page.waitForURL((u) => u.pathname === settings);
      expect(new URL(page.url()).search).toBe('?tab=password');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(t.settings);

      // 'guest' on a full load: every guest page sends a logged-in visitor to the account.
      for (const path of ['/login', '/register', '/forget', '/recover?token=x']) {
        await page.goto(`${t.prefix}${path}`);
        expect(new URL(page.url()).pathname, path).toBe(orders);
      }

      // 'guest' on a client navigation: a page opened as a guest, then a login in another tab of this browser;
      // following the page's link to /login asks the server, which knows the session by now, and the account page
      // loads in full with the logged-in header.
      await page.context().clearCookies();
      await page.goto(`${t.prefix}/register`);
      await waitForHydration(page);
      const other = await page.context().newPage();
      await other.goto(`${t.prefix}/login`);
      await waitForHydration(other);
      await loginOnPage(other, t, email);
      await other.waitForURL((u) => u.pathname === orders);
      await page.locator('main').getByRole('link', { name: t.haveAccount, exact: true }).click();
      await page.waitForURL((u) => u.pathname === orders);
      await expect.poll(() => headerText(page), { message: 'logged-in header' }).toContain(email);

      // 'auth' on a client navigation: a logout in the other tab; this page still shows the e-mail, and its link
      // to the account asks the server, which sends the visitor to log in, `next` kept.
      await page.goto(t.home);
      await waitForHydration(page);
      await other.goto(t.home);
      await waitForHydration(other);
      await header(other).getByRole('button', { name: t.logout }).click();
      await other.waitForURL((u) => u.pathname === t.home);
      await expect.poll(() => header(other).getByRole('button', { name: t.login, exact: true }).count()).toBe(1);
      await other.close();
      await header(page).getByRole('link', { name: email }).first().click();
      await page.waitForURL((u) => u.pathname === `${t.prefix}/login`);
      expect(new URL(page.url()).searchParams.get('next')).toBe(orders);
      await expect
        .poll(() => header(page).getByRole('button', { name: t.login, exact: true }).count(), {
          message: 'the login page loaded in full, logged out',
        })
        .toBe(1);
    });

    test('an authenticated call refused with token_not_valid refreshes once and succeeds on the retry', async ({
      page,
      site,
      mail,
      problems,
    }) => {
      // Not activated: the account offers a new activation link, an authenticated call
      // (docs/product/api.md).
      const email = await registeredAccount(site, mail, locale, false);
      await page.goto(`${t.prefix}/login`);
      await waitForHydration(page);
      await loginOnPage(page, t, email);
      await page.waitForURL((u) => u.pathname === orders);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);

      // The first refresh hands the page a forged token (its signature broken): the server refuses it with
      // 401 token_not_valid, as it would an expired one. Later refreshes pass untouched.
      const calls: string[] = [];
      let forged = false;
      await page.route('**/front-api/auth/refresh/', async (route) => {
        calls.push('refresh');
        const response = await route.fetch();
        if (forged || response.status() !== 200) return route.fulfill({ response });
        forged = true;
        const { access } = (await response.json()) as { access: string };
        const broken = `${access.slice(0, -4)}${access.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
        return route.fulfill({ response, json: { access: broken } });
      });
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/users/reactivate/'))
          calls.push(`reactivate ${request.headers().authorization ? 'bearer' : 'none'}`);
      });
      page.on('response', (response) => {
        if (response.url().includes('/api/v1/users/reactivate/')) calls.push(`answer ${response.status()}`);
      });
      // Chromium logs the refused call's 401 to the console: that one is expected here.
      problems.allow(/status of 401/);
      const letters = mailTo(mail, email);
      await page.getByRole('button', { name: t.resend }).click();
      await expect.poll(() => page.getByRole('status').allInnerTexts()).toContain(t.resent);
      expect(calls).toEqual([
        'refresh',
        'reactivate bearer',
        'answer 401',
        'refresh',
        'reactivate bearer',
        'answer 200',
      ]);
      // The retried call did its work: a second activation letter.
      await expect.poll(() => mailTo(mail, email), { message: 'a new activation letter' }).toBe(letters + 1);
    });
  });
}
