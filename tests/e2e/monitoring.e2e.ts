import { count, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { content as enContent } from '../../app/i18n/en/content.ts';
import { content as ruContent } from '../../app/i18n/ru/content.ts';
import { monitoringRegistrations } from '../../server/db/schema.ts';
import { monitoringSiteKey } from '../../shared/schemas/content.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { waitForHydration } from './pages.ts';
import { describeE2E, expect, phone, test, type Site } from './fixture.ts';

/**
 * The public monitoring registration form (/partners/monitoring, app/routes/content/monitoring.tsx) as a monitoring
 * site's owner uses it: a request sent shows the thanks block and is stored; a site already registered gets the
 * duplicate message under its address and nothing new is stored; an empty required field says so; without script
 * the same form posts natively and the server's answer shows the same.
 */

const ru = ruContent.monitoring;
const en = enContent.monitoring;

let counter = 0;

/** A site address no earlier run of this file used (the registrations are unique per site). */
const uniqueHost = () => `mon-${Date.now().toString(36)}-${counter++}.example.com`;

/** The form's section: named by its heading, the form's title before sending and the thanks title after. */
const formSection = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** What a field's aria-describedby points at: its errors while it has some, else its hint. */
const description = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => (document.getElementById(id) as HTMLElement | null)?.innerText.trim() ?? '')
      .join(' '),
  );

/** The stored rows for the site `url` names (same key as the unique index). */
const rowsFor = (site: Site, url: string) =>
  site.app.database.db
    .select()
    .from(monitoringRegistrations)
    .where(eq(monitoringRegistrations.siteKey, monitoringSiteKey(url)));

const allRows = async (site: Site) =>
  (await site.app.database.db.select({ n: count() }).from(monitoringRegistrations))[0]!.n;

describeE2E('partners: monitoring registration form', () => {
  test('en, desktop: a monitoring site sends its request; the thanks block shows and the request is stored', async ({
    page,
    site,
  }) => {
    const url = `https://${uniqueHost()}/rates`;
    const email = `owner-${counter}@monitoring.example`;
    await page.goto('/en/partners/monitoring');
    await waitForHydration(page);
    const section = formSection(page, en.formTitle);
    await section.getByLabel(en.name, { exact: true }).fill('Rates Watch');
    await section.getByLabel(en.url, { exact: true }).fill(url);
    await section.getByLabel(en.email, { exact: true }).fill(email);
    await section.getByLabel(en.comment, { exact: true }).fill('XML rates file, partner id 42.');
    // A mark on this document: still there after sending means the script sent it, without a page load.
    await page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-document', ''));
    await section.getByRole('button', { name: en.submit, exact: true }).click();

    const thanks = formSection(page, en.thanksTitle).getByRole('status');
    await expect.poll(() => thanks.innerText()).toContain(en.thanksTitle);
    const text = await thanks.innerText();
    expect(text).toContain(url);
    expect(text).toContain(email);
    expect(await page.locator('html[data-e2e-same-document]').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/en/partners/monitoring');
    // The pressed button went with the form: the keyboard is on the thanks' heading, not back at the page's top.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en.thanksTitle);
    await expectNoSeriousA11yViolations(page);

    const rows = await rowsFor(site, url);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Rates Watch',
      url,
      email,
      comment: 'XML rates file, partner id 42.',
      locale: 'en',
      status: 'new',
    });

    // "Send another request" brings back an empty form.
    await thanks.getByRole('link', { name: en.another, exact: true }).click();
    const again = formSection(page, en.formTitle);
    await expect.poll(() => again.getByLabel(en.url, { exact: true }).count()).toBe(1);
    expect(await again.getByLabel(en.url, { exact: true }).inputValue()).toBe('');
  });

  test('ru, phone: a site already registered gets the message under its address; an empty field says so', async ({
    newPage,
    site,
  }) => {
    const host = uniqueHost();
    await site.app.services.content.registerMonitoring(
      { name: 'Первый', url: `https://${host}/`, email: 'first@monitoring.example', comment: '' },
      'ru',
    );
    const before = await allRows(site);

    const page = await newPage({ viewport: phone });
    await page.goto('/partners/monitoring');
    await waitForHydration(page);
    const section = formSection(page, ru.formTitle);
    const name = section.getByLabel(ru.name, { exact: true });
    const url = section.getByLabel(ru.url, { exact: true });
    const email = section.getByLabel(ru.email, { exact: true });
    const submit = section.getByRole('button', { name: ru.submit, exact: true });

    // The same site as people type it: no scheme, with www.
    await name.fill('Второй мониторинг');
    await url.fill(`www.${host}`);
    await email.fill('second@monitoring.example');
    await submit.click();
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    expect(await description(url)).toBe('Заявка от этого сайта уже получена: мы ответим на e-mail, указанный в ней.');
    expect(await section.getByRole('alert').innerText()).toBe(ru.invalid);
    // What was typed stays in the fields; the other fields have no error.
    expect(await url.inputValue()).toBe(`www.${host}`);
    expect(await name.inputValue()).toBe('Второй мониторинг');
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectNoSeriousA11yViolations(page);
    expect(await rowsFor(site, `https://${host}/`)).toHaveLength(1);
    expect(await allRows(site)).toBe(before);

    // A new site, but the name left empty.
    const fresh = `https://${uniqueHost()}`;
    await name.fill('');
    await url.fill(fresh);
    await submit.click();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await description(name)).toBe('Обязательное поле.');
    // The keyboard goes to the refused field, as in the site's other forms (it stayed on the button).
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    // The address is fine now: it shows its hint again, not the duplicate message.
    expect(await url.getAttribute('aria-invalid')).toBeNull();
    expect(await description(url)).toBe(ru.urlHint);
    expect(await url.inputValue()).toBe(fresh);
    expect(await rowsFor(site, fresh)).toHaveLength(0);
    expect(await allRows(site)).toBe(before);

    // Sent with an ordinary long address: the thanks wrap it on the phone instead of widening the page past it.
    const long = `https://${uniqueHost()}/exchangers/add-an-exchanger-to-the-monitoring-list`;
    await name.fill('Длинный адрес');
    await url.fill(long);
    await submit.click();
    const thanks = formSection(page, ru.thanksTitle).getByRole('status');
    await expect.poll(() => thanks.innerText()).toContain(long);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  });

  test('en, without script: the form posts natively; errors and the thanks block come from the server', async ({
    newPage,
    site,
  }) => {
    const page = await newPage({ javaScriptEnabled: false });
    const res = await page.goto('/en/partners/monitoring');
    expect(res!.status()).toBe(200);
    // No script ran: the page never hydrates.
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    const section = formSection(page, en.formTitle);
    const url = `https://${uniqueHost()}`;
    await section.getByLabel(en.name, { exact: true }).fill('No Script Rates');
    await section.getByLabel(en.url, { exact: true }).fill(url);
    // The e-mail left out first.
    await Promise.all([
      page.waitForEvent('load'),
      section.getByRole('button', { name: en.submit, exact: true }).click(),
    ]);
    const email = formSection(page, en.formTitle).getByLabel(en.email, { exact: true });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await description(email)).toBe('This field is required.');
    expect(await formSection(page, en.formTitle).getByLabel(en.url, { exact: true }).inputValue()).toBe(url);
    expect(await rowsFor(site, url)).toHaveLength(0);
    // The answer opens at the form (its fragment), not at the page's top two screens above its messages.
    expect(new URL(page.url()).hash).toBe('#monitoring-form');
    await expect
      .poll(() => page.locator('#monitoring-form').evaluate((h) => h.getBoundingClientRect().top))
      .toBeLessThan(200);

    await email.fill('noscript@monitoring.example');
    await Promise.all([
      page.waitForEvent('load'),
      formSection(page, en.formTitle).getByRole('button', { name: en.submit, exact: true }).click(),
    ]);
    const thanks = formSection(page, en.thanksTitle).getByRole('status');
    expect(await thanks.innerText()).toContain(en.thanksTitle);
    expect(await thanks.innerText()).toContain('noscript@monitoring.example');
    const rows = await rowsFor(site, url);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'No Script Rates', email: 'noscript@monitoring.example', locale: 'en' });
  });
});
