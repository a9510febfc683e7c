import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { formatMoney, type MoneyUnit } from '../../shared/format.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { staffUser } from '../helpers/staff.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { describeE2E, desktop, expect, phone, test, type Site } from './fixture.ts';
import { waitForHydration } from './pages.ts';

/**
 * The whole path after the window (docs/product/claims.md), in Chromium, in both languages: a claim expires, the
 * customer reports a late payment with a reference, the operator re-quotes it in the console, the customer accepts
 * the offer on their page, the operator completes the claim with the payout's hash, and the customer's page (which
 * follows along by itself) shows the payout with its block-explorer link. Screenshots go to tmp/shots-after-claim/.
 */

const shots = 'tmp/shots-after-claim';
const pollTimeout = { timeout: 20_000, interval: 250 };

const texts = {
  ru: {
    prefix: '',
    email: 'E-mail',
    password: 'Пароль',
    login: 'Войти',
    payoutReference: 'Номер выплаты или перевода',
    previewClaim: 'В заявке: курс',
    previewHolds: 'Предложение будет действовать 30 мин',
  },
  en: {
    prefix: '/en',
    email: 'E-mail',
    password: 'Password',
    login: 'Log in',
    payoutReference: 'Payout or transfer reference',
    previewClaim: 'In the order: rate',
    previewHolds: 'The offer will hold for 30 min',
  },
};
type Texts = (typeof texts)['ru'];

let counter = 0;
async function logInAsOperator(site: Site, page: Page, t: Texts, next: string) {
  const email = `e2e-after-${Date.now().toString(36)}${counter++}@obmen.test`;
  const staff = await staffUser(site.app, 'operator', email);
  await page.goto(`${t.prefix}${next}`);
  await page.waitForURL((u) => u.pathname === `${t.prefix}/login`);
  await waitForHydration(page);
  const form = page.getByTestId('login-form').first();
  await form.getByLabel(t.email, { exact: true }).fill(email);
  await form.getByLabel(t.password, { exact: true }).fill('operator password 1');
  await form.getByRole('button', { name: t.login, exact: true }).click();
  await page.waitForURL((u) => u.pathname === `${t.prefix}${next}`);
  await waitForHydration(page);
  return staff;
}

const badge = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('data-status');

async function act(page: Page, action: string, fill: Record<string, string> = {}) {
  await page.getByTestId(`action-${action}`).click();
  for (const [label, value] of Object.entries(fill)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByTestId('action-confirm').click();
}

const cases = [
  { locale: 'en' as const, viewport: phone, name: 'en, phone' },
  { locale: 'ru' as const, viewport: desktop, name: 'ru, desktop' },
];

describeE2E('after the claim: late payment, re-quote, accept, payout proof', () => {
  for (const c of cases) {
    test(`${c.name}: expired -> late payment -> offer -> accepted -> completed with an explorer link`, async ({
      site,
      newPage,
    }) => {
      const t = texts[c.locale];
      mkdirSync(shots, { recursive: true });
      const h = claimHelpers(site.app);
      const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000', { email: `late-${c.locale}@example.com` });
      // The payment window passes unpaid.
      await h.pastDeadline(uuid);

      // The customer opens the claim: it is expired, and they say they paid anyway.
      const customer = await newPage({ viewport: c.viewport });
      await customer.goto(`${t.prefix}/claim/${uuid}`);
      await waitForHydration(customer);
      expect(await badge(customer, 'claim-status')).toBe('expired');
      await customer.getByTestId('late-open').click();
      const lateForm = customer.getByTestId('late-form');
      await lateForm.locator('input').first().fill('SBP-2026-11-24-0042');
      await lateForm.locator('textarea').first().fill('Paid from Sberbank at 12:40');
      await customer.screenshot({ path: `${shots}/late-form-${c.locale}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(customer);
      await customer.getByTestId('late-submit').click();
      await expect.poll(() => badge(customer, 'claim-status'), pollTimeout).toBe('late_payment');
      // The badge moves at once; the timeline with the new step follows with the status read again.
      await expect
        .poll(() => customer.getByTestId('claim-timeline').innerText(), pollTimeout)
        .toContain('SBP-2026-11-24-0042');

      // The operator sees the report, with the reference and the comment, and offers today's rate.
      const operator = await newPage({ viewport: c.viewport });
      const staff = await logInAsOperator(site, operator, t, `/admin/claims/${uuid}`);
      expect(await badge(operator, 'admin-claim-status')).toBe('late_payment');
      const seen = await operator.locator('main').innerText();
      expect(seen).toContain('SBP-2026-11-24-0042');
      expect(seen).toContain('Paid from Sberbank at 12:40');
      // Opening "Offer a new rate" shows what the customer would be offered before anything is sent.
      await operator.getByTestId('action-requote').click();
      const preview = operator.getByTestId('requote-preview');
      await expect.poll(() => preview.innerText(), pollTimeout).toContain(t.previewClaim);
      const previewed = await preview.innerText();
      expect(previewed).toContain(t.previewHolds);
      await operator.screenshot({ path: `${shots}/requote-preview-${c.locale}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(operator);
      expect(await badge(operator, 'admin-claim-status')).toBe('late_payment');
      await operator.getByTestId('action-confirm').click();
      await expect.poll(() => badge(operator, 'admin-claim-status')).toBe('requoted');

      // The customer's page shows the offer beside the original terms, by itself, and they accept it.
      await expect.poll(() => badge(customer, 'claim-status'), pollTimeout).toBe('requoted');
      await expect.poll(() => customer.getByTestId('offer-panel').count()).toBe(1);
      const { offer } = (await site.app.inject(`/api/v1/claim/${uuid}/status/`)).json() as {
        offer: { course: string; toSumma: string };
      };
      expect((await customer.getByTestId('offer-receive').innerText()).trim()).not.toBe('');
      // The offer made is the one previewed (the rate did not move in between here), in the console's own words.
      const { to } = (await staff.inject({ url: `/api/v1/admin/claims/${uuid}/` })).json() as {
        to: { currency: MoneyUnit };
      };
      expect(previewed).toContain(formatMoney(offer.toSumma, to.currency, c.locale));
      await customer.screenshot({ path: `${shots}/offer-${c.locale}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(customer);
      await customer.getByTestId('offer-accept').click();
      await expect.poll(() => badge(customer, 'claim-status'), pollTimeout).toBe('processing');
      // The claim goes on at the offer's figures.
      const form = (await site.app.inject(`/api/v1/claim/${uuid}/form/`)).json() as {
        course: string;
        to: { amount: string };
      };
      expect(form.course).toBe(offer.course);
      expect(form.to.amount).toBe(offer.toSumma);

      // The operator completes it with the payout's transaction hash.
      const hash = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
      await operator.reload();
      await waitForHydration(operator);
      await expect.poll(() => badge(operator, 'admin-claim-status')).toBe('processing');
      await act(operator, 'complete', { [t.payoutReference]: hash });
      await expect.poll(() => badge(operator, 'admin-claim-status')).toBe('completed');

      // The customer's page follows along and shows the payout with its explorer link.
      await expect.poll(() => badge(customer, 'claim-status'), pollTimeout).toBe('completed');
      const payout = customer.getByTestId('claim-payout');
      await expect.poll(() => payout.count()).toBe(1);
      expect(await payout.innerText()).toContain(hash);
      expect(await payout.locator('a').getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${hash}`);
      await customer.screenshot({ path: `${shots}/completed-${c.locale}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(customer);
    });
  }
});
