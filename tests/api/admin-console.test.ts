import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUser } from '../helpers/staff.ts';
import { activeUser, login } from '../helpers/accounts.ts';
import { claimHelpers } from '../helpers/claims.ts';
import { build, type TestApp } from '../helpers/build.ts';

/**
 * The console's pages through the real app (SSR on): the role guard of issue 6 §1 on the session cookie, in both
 * locales. The API's own role checks are tested beside each section's routes.
 */
describe('operator console pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ seed: true, ssr: true, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  const page = (url: string, cookie?: string) => t.inject({ url, cookies: cookie ? { refreshToken: cookie } : {} });

  it('sends a guest to the login page of the locale, and back after it', async () => {
    for (const [url, login] of [
      ['/admin/audit', '/login?next=%2Fadmin%2Faudit'],
      ['/en/admin', '/en/login?next=%2Fen%2Fadmin'],
    ]) {
      const res = await page(url!);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(login);
    }
  });

  it('answers a customer with the 403 error page', async () => {
    await activeUser(t, 'shopper@example.com', 'customer password');
    const { cookie } = await login(t, 'shopper@example.com', 'customer password');
    const res = await page('/en/admin', cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('data-testid="admin-console"');
    // Why, not "we already know about the problem".
    expect(res.body).toContain('This page is for the exchange’s staff: your account has no access to it.');
    expect(res.body).not.toContain('We already know about the problem');
    const ru = await page('/admin/claims', cookie);
    expect(ru.body).toContain('Эта страница — для сотрудников обменника');
  });

  it('shows an operator the console with its menu, in ru and en, never cached', async () => {
    const operator = await staffUser(t, 'operator');
    const { cookie } = await login(t, operator.email, 'operator password 1');
    const ru = await page('/admin/audit', cookie);
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['cache-control']).toContain('no-store');
    expect(ru.body).toContain('data-testid="admin-console"');
    expect(ru.body).toContain('Журнал действий');
    const en = await page('/en/admin', cookie);
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('Operator console');
    expect(en.body).toContain('noindex');
  });

  it('an operator lands on the console after login; a customer on their claims', async () => {
    const operator = await staffUser(t, 'admin');
    const answer = await t.inject({
      method: 'POST',
      url: '/front-api/auth/login/',
      payload: { email: operator.email, password: 'operator password 1' },
    });
    expect(answer.statusCode).toBe(200);
    // The login page sends the browser where the role lands (login-form.tsx, shared landingPath).
    expect(answer.json()).toEqual({ access: expect.any(String) as unknown, role: 'admin' });
    await activeUser(t, 'lands@example.com', 'customer password');
    const customer = await t.inject({
      method: 'POST',
      url: '/front-api/auth/login/',
      payload: { email: 'lands@example.com', password: 'customer password' },
    });
    expect(customer.json()).toMatchObject({ role: 'customer' });

    // Already logged in, the login page itself sends each where they land.
    const staff = await login(t, operator.email, 'operator password 1');
    for (const [url, to] of [
      ['/login', '/admin'],
      ['/en/login', '/en/admin'],
    ]) {
      const res = await page(url!, staff.cookie);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
    }
    const shopper = await login(t, 'lands@example.com', 'customer password');
    expect((await page('/en/login', shopper.cookie)).headers.location).toBe('/en/account/orders');
  });

  it('the console is a workplace of its own: no public header, footer or contest banner', async () => {
    const operator = await staffUser(t, 'operator');
    const { cookie } = await login(t, operator.email, 'operator password 1');
    const site = await page('/en/rules', cookie);
    // The site's own frame, for comparison: its menu and footer (and the contest banner while a contest runs).
    expect(site.body).toContain('aria-label="Menu"');
    expect(site.body).toContain('<footer');
    const res = await page('/en/admin', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="admin-console"');
    expect(res.body).not.toContain('aria-label="Menu"');
    expect(res.body).not.toContain('<footer');
    expect(res.body).not.toContain('data-testid="contest-banner"');
    // Its own bar: the way back to the site and logout, and the main landmark the skip link goes to.
    expect(res.body).toContain('To the site');
    expect(res.body).toContain('Sign out');
    expect(res.body).toContain('id="main"');
  });

  it('a claim the console cannot find is said inside the console, with the way back to the queue', async () => {
    const operator = await staffUser(t, 'operator');
    const { cookie } = await login(t, operator.email, 'operator password 1');
    for (const [url, text] of [
      ['/en/admin/claims/00000000-0000-0000-0000-000000000000', 'Order not found'],
      ['/admin/claims/not-a-uuid', 'Заявка не найдена'],
    ] as const) {
      const res = await page(url, cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('data-testid="admin-console"');
      expect(res.body).toContain('data-testid="admin-claim-not-found"');
      expect(res.body).toContain(text);
      expect(res.body).toMatch(/href="(\/en)?\/admin\/claims"/);
    }
  });

  it('the queue keeps the filter it can take and says which part of the address it left out, and why', async () => {
    const operator = await staffUser(t, 'operator');
    const { cookie } = await login(t, operator.email, 'operator password 1');
    await claimHelpers(t).created('SBERRUB', 'USDTTRC20', '10000');
    const all = await page('/en/admin/claims', cookie);
    const paid = await page('/en/admin/claims?status=paid', cookie);
    const total = (html: string) => /Total: (\d+)/.exec(html)?.[1];
    expect(total(paid.body)).not.toBe(total(all.body));
    const long = await page(`/en/admin/claims?status=paid&q=${'x'.repeat(201)}`, cookie);
    expect(long.statusCode).toBe(200);
    // The status still applies; the search is refused beside the form, the field showing what was typed.
    expect(total(long.body)).toBe(total(paid.body));
    expect(long.body).toContain('Number, e-mail or requisites: Ensure this field has no more than 200 characters.');
    expect(long.body).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="q"|<input[^>]*name="q"[^>]*aria-invalid="true"/,
    );
    const bogus = await page('/admin/claims?status=bogus', cookie);
    expect(total(bogus.body.replace('Всего', 'Total'))).toBe(total(all.body));
    expect(bogus.body).toContain('Недопустимое значение.');
  });

  it('the audit log, rate history and payouts keep the filter they can take and say what they left out', async () => {
    const operator = await staffUser(t, 'operator');
    const { cookie } = await login(t, operator.email, 'operator password 1');
    await t.database.db.transaction((tx) =>
      t.services.admin.audit.record(operator, { action: 'setting.update', entity: 'setting', entityId: 'site' }, tx),
    );
    const total = (html: string) => /(?:Total|Всего): (\d+)/.exec(html)?.[1];
    const invalid = (html: string, name: string) =>
      new RegExp(
        `<(input|select)[^>]*name="${name}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${name}"`,
      ).test(html);

    // Audit: the operator filter still applies (nobody's entries: none); the record type past 40 characters is left
    // out and said under the filter, its field showing what was asked for.
    expect(total((await page(`/en/admin/audit?actor=${operator.email}`, cookie)).body)).not.toBe('0');
    const audit = await page(`/en/admin/audit?actor=nobody%40example.com&entity=${'x'.repeat(41)}`, cookie);
    expect(audit.statusCode).toBe(200);
    expect(total(audit.body)).toBe('0');
    expect(audit.body).toContain('Record type: Ensure this field has no more than 40 characters.');
    expect(invalid(audit.body, 'entity')).toBe(true);
    expect(audit.body).toContain(`value="${'x'.repeat(41)}"`);
    const ruAudit = await page(`/admin/audit?entity_id=${'7'.repeat(81)}`, cookie);
    expect(ruAudit.body).toContain('Номер записи: Не более 80 символов.');
    // A page past the last: not "change the filter" (there is none), but where the entries are, with the way back.
    const past = await page(`/en/admin/audit?actor=${operator.email}&page=999`, cookie);
    expect(past.body).toContain('Nothing on this page');
    expect(past.body).not.toContain('Change the filter or reset it.');
    expect(past.body).toContain(`href="?actor=${encodeURIComponent(operator.email)}"`);

    // Rate history: an unknown source is left out and said; the symbol still applies and stays in its field.
    const rates = await page('/en/admin/rates?source=bogus&symbol=usdtrub', cookie);
    expect(rates.statusCode).toBe(200);
    expect(rates.body).toContain('Source: Not a valid choice.');
    expect(invalid(rates.body, 'source')).toBe(true);
    expect(rates.body).toContain('value="USDTRUB"');
    expect((await page(`/admin/rates?symbol=${'X'.repeat(33)}`, cookie)).body).toContain(
      'Символ: Не более 32 символов.',
    );

    // Payouts: an unknown status shows every request (as "all" does) and says so; nothing said for a good link.
    const all = await page('/en/admin/withdrawals?status=', cookie);
    const bogus = await page('/en/admin/withdrawals?status=bogus', cookie);
    expect(bogus.statusCode).toBe(200);
    expect(total(bogus.body)).toBe(total(all.body));
    expect(bogus.body).toContain('Status: Not a valid choice.');
    expect(invalid(bogus.body, 'status')).toBe(true);
    expect((await page('/admin/withdrawals?status=bogus', cookie)).body).toContain('Статус: Недопустимое значение.');
    expect(all.body).not.toContain('Not a valid choice.');
    expect(invalid(all.body, 'status')).toBe(false);
    // "All requests" chosen in the filter is `status=all`: an empty value was dropped from the address, which then
    // read as the pending queue, so decided requests could not be reached from the filter.
    const chosen = await page('/en/admin/withdrawals?status=all', cookie);
    expect(total(chosen.body)).toBe(total(all.body));
    expect(chosen.body).toMatch(/<option value="all" selected="">All requests<\/option>/);
    expect(chosen.body).not.toContain('Not a valid choice.');
  });
});
