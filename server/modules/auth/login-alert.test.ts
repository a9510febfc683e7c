import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../shared/format.ts';
import { activeUser } from '../../../tests/helpers/accounts.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { startSmtpCatcher } from '../../../tests/helpers/smtp-catcher.ts';
import { staffUser, type StaffUser } from '../../../tests/helpers/staff.ts';

/**
 * Every login to the console is mailed to each operator and admin (who, when, from where), through a real SMTP
 * server: a stolen operator password is seen at once. A customer's login tells nobody.
 */
describe('console login alert', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let operator: StaffUser;
  let admin: StaffUser;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await build({ ssr: false, env: { JOBS: 'false', SMTP_URL: smtp.url } });
    operator = await staffUser(t, 'operator');
    admin = await staffUser(t, 'admin');
    await t.services.staffLogins.drain();
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const loginFrom = (email: string, password: string, ip: string, userAgent: string) =>
    t.inject({
      method: 'POST',
      url: '/front-api/auth/login/',
      payload: { email, password, remember: false },
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
    });

  it('mails every operator and admin who logged in, when, from which address and browser', async () => {
    const before = Date.now();
    const res = await loginFrom(operator.email, 'operator password 1', '198.51.100.23', 'Mozilla/5.0 (X11) Test/1.0');
    expect(res.statusCode).toBe(200);
    for (const to of [operator.email, admin.email]) {
      const mail = await smtp.waitFor(to, (m) => m.subject?.includes(operator.email) ?? false);
      expect(mail.subject).toBe(`Вход в консоль: ${operator.email} / Console login: ${operator.email}`);
      expect(mail.text).toContain(`Кто / Who: ${operator.email} (operator)`);
      expect(mail.text).toContain('IP: 198.51.100.23');
      expect(mail.text).toContain('Mozilla/5.0 (X11) Test/1.0');
      // In the exchange's zone, named, as the other letters write times (the minute of the login or the next one).
      const zone = t.config.exchangeTimeZone;
      const written = [before, Date.now()].map(
        (at) =>
          `Когда / When: ${formatDateTime(new Date(at), 'ru', zone)} / ${formatDateTime(new Date(at), 'en', zone)}`,
      );
      expect(
        written.some((w) => mail.text?.includes(w)),
        mail.text,
      ).toBe(true);
    }
  });

  it('tells nobody of a customer’s login or of a failed attempt', async () => {
    const customer = await activeUser(t, 'login-alert-customer@example.com');
    expect((await loginFrom(customer.email, customer.password, '198.51.100.24', 'UA')).statusCode).toBe(200);
    expect((await loginFrom(admin.email, 'wrong password!', '198.51.100.25', 'UA')).statusCode).toBe(400);
    await t.services.staffLogins.drain();
    expect(smtp.messages.filter((m) => m.subject?.includes(customer.email))).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.text?.includes('198.51.100.25'))).toHaveLength(0);
  });
});
