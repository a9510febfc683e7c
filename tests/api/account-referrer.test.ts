import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, login } from '../helpers/accounts.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { takeConsoleErrors } from '../setup/no-console-error.ts';

/**
 * The account's referral page (app/routes/account/referrer.tsx) with the dates a visitor may type or a link may carry:
 * a date the history cannot be filtered by is said under its field, the page answers 200 (year 0000 and year 9999
 * once answered 500); and an error a page's loader meets is logged without the failed query's values.
 */
describe('account referral page: dates and errors', () => {
  let t: TestApp;
  let cookie: string;
  const email = 'referrer-dates@example.com';
  const page = (url: string) => t.inject({ url, headers: { accept: 'text/html' }, cookies: { refreshToken: cookie } });
  /** The HTML as text: React's `<!-- -->` separators removed. */
  const text = (html: string) => html.replace(/<!-- -->/g, '');

  beforeAll(async () => {
    t = await build({ seed: true, ssr: true, env: { JOBS: 'false' } });
    await activeUser(t, email);
    ({ cookie } = await login(t, email, 'correct horse battery'));
  });
  afterAll(() => t.close());

  it('shows a refused date under its field, in the page’s language, and answers 200', async () => {
    const zero = await page('/account/referrer?date_from=0000-01-01');
    expect(zero.statusCode).toBe(200);
    expect(text(zero.body)).toContain('Год должен быть от 1 до 9999.');
    const none = await page('/en/account/referrer?date_to=2026-13-45');
    expect(none.statusCode).toBe(200);
    expect(text(none.body)).toContain('There is no such date: check the month and the day.');
    // The last day a date picker offers is a fine end of the range: the page lists the history, no error.
    const last = await page('/en/account/referrer?date_to=9999-12-31');
    expect(last.statusCode).toBe(200);
    expect(text(last.body)).not.toContain('The year must be');
    // A client-side navigation's data request: the same refusal, not a 500.
    const data = await page('/en/account/referrer.data?date_from=0000-01-01');
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('The year must be from 1 to 9999.');
  });

  it('logs a loader’s failed query without its parameters or the driver’s detail', async () => {
    const history = t.services.referral.history;
    // A query that fails in the database with a customer's data among its parameters, as the year-0000 date did.
    t.services.referral.history = async () => {
      await t.database.db.execute(sql`select ${'leaked-parameter@example.com'}::date`);
      throw new Error('unreachable');
    };
    try {
      const res = await page('/account/referrer?date_from=2026-01-01');
      expect(res.statusCode).toBe(500);
    } finally {
      t.services.referral.history = history;
    }
    const logged = JSON.stringify(
      takeConsoleErrors().map((args) => args.map((a) => (a instanceof Error ? `${a.stack} ${String(a.cause)}` : a))),
    );
    // The failure is logged (the query and its SQLSTATE say what to fix)...
    expect(logged).toContain('::date');
    expect(logged).toContain('22007');
    // ...but not the value a customer sent.
    expect(logged).not.toContain('leaked-parameter@example.com');
  });
});
