import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { claims } from '../../../db/schema-exchange.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

type View = {
  overrides: Record<string, unknown>;
  defaults: Record<string, unknown>;
  effective: { supportEmail: string; paymentWindowMinutes: number; chatScriptUrl: string | null };
};

const blank = {
  supportEmail: null,
  paymentWindowMinutes: null,
  maxRateAgeMinutes: null,
  chatScriptUrl: null,
  analyticsScriptUrl: null,
  analyticsId: null,
};

describe('admin: site settings over the environment', () => {
  let t: TestApp;
  let operator: StaffUser;
  let admin: StaffUser;

  beforeAll(async () => {
    t = await build({
      ssr: false,
      env: { JOBS: 'false', SUPPORT_EMAIL: 'env-support@obmen.test', PAYMENT_WINDOW_MINUTES: '30' },
    });
    operator = await staffUser(t, 'operator');
    admin = await staffUser(t, 'admin');
  });
  afterAll(() => t.close());

  const put = (payload: object, who = admin, prefix = '') =>
    who.inject({ method: 'PUT', url: `${prefix}/api/v1/admin/settings/site/`, payload });

  it('checks roles: a guest 401, a customer 403, an operator reads but may not change', async () => {
    await activeUser(t, 'site-reader@example.com', 'customer password');
    const { access } = await login(t, 'site-reader@example.com', 'customer password');
    for (const call of [
      { method: 'GET' as const, url: '/api/v1/admin/settings/site/' },
      { method: 'PUT' as const, url: '/api/v1/admin/settings/site/', payload: blank },
    ]) {
      expect((await t.inject(call)).statusCode, call.method).toBe(401);
      expect((await t.inject({ ...call, headers: bearer(access) })).statusCode, call.method).toBe(403);
    }
    const read = await operator.inject({ method: 'GET', url: '/api/v1/admin/settings/site/' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      overrides: blank,
      defaults: {
        supportEmail: 'env-support@obmen.test',
        paymentWindowMinutes: 30,
        maxRateAgeMinutes: 15,
        chatScriptUrl: null,
        analyticsScriptUrl: null,
        analyticsId: null,
      },
      effective: expect.objectContaining({ supportEmail: 'env-support@obmen.test' }) as unknown,
    });
    expect((await put({ ...blank, supportEmail: 'x@obmen.test' }, operator)).statusCode).toBe(403);
  });

  it('refuses bad values with field errors in the address language', async () => {
    const res = await put(
      {
        supportEmail: 'not an e-mail',
        paymentWindowMinutes: 0,
        maxRateAgeMinutes: 10_081,
        chatScriptUrl: 'http://chat.example/widget.js',
        analyticsScriptUrl: 'javascript:alert(1)',
        analyticsId: 'G-1"><script>',
      },
      admin,
      '/en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      supportEmail: ['Enter a valid email address.'],
      paymentWindowMinutes: ['Enter a whole number from 1 to 1,440.'],
      maxRateAgeMinutes: ['Enter a whole number from 1 to 10,080.'],
      chatScriptUrl: ['Enter a valid site address, e.g. https://example.com.'],
      analyticsScriptUrl: ['Enter a valid site address, e.g. https://example.com.'],
      analyticsId: ['Invalid format, e.g. G-AB12CD34.'],
    });
    expect((await put({ ...blank, paymentWindowMinutes: 1441 })).json() as object).toHaveProperty(
      'paymentWindowMinutes',
    );
    // Text that is no whole number is refused with the range (grouped), not read as "use the environment".
    expect((await put({ ...blank, paymentWindowMinutes: '1,5', maxRateAgeMinutes: 'abc' })).json()).toEqual({
      paymentWindowMinutes: ['Введите целое число от 1 до 1\u00a0440.'],
      maxRateAgeMinutes: ['Введите целое число от 1 до 10\u00a0080.'],
    });
  });

  it('reads minutes as the console writes numbers', async () => {
    const saved = await put({ ...blank, paymentWindowMinutes: '1\u00a0000', maxRateAgeMinutes: '10,080' });
    expect((saved.json() as View).overrides).toMatchObject({ paymentWindowMinutes: 1000, maxRateAgeMinutes: 10_080 });
    expect((await put(blank)).statusCode).toBe(200);
  });

  it('overrides the environment at once: support e-mail in texts, payment window of prices and claims, CSP', async () => {
    const h = claimHelpers(t);
    expect((await h.pair('SBERRUB', 'USDTTRC20')).paymentWindowMinutes).toBe(30);
    const saved = await put({
      supportEmail: ' help@obmen.test ',
      paymentWindowMinutes: '45',
      maxRateAgeMinutes: '20',
      chatScriptUrl: 'https://chat.example/widget.js',
      analyticsScriptUrl: '',
      analyticsId: 'G-TEST1',
    });
    expect(saved.statusCode).toBe(200);
    const view = saved.json() as View;
    expect(view.overrides).toEqual({
      supportEmail: 'help@obmen.test',
      paymentWindowMinutes: 45,
      maxRateAgeMinutes: 20,
      chatScriptUrl: 'https://chat.example/widget.js',
      analyticsScriptUrl: null,
      analyticsId: 'G-TEST1',
    });
    expect(view.effective).toMatchObject({ supportEmail: 'help@obmen.test', paymentWindowMinutes: 45 });

    // The site's texts fill {{supportEmail}} with the new address (the content memo was dropped).
    const contacts = (await t.inject('/api/v1/content/pages/contacts/')).json() as { html: string };
    expect(contacts.html).toContain('help@obmen.test');
    expect(contacts.html).not.toContain('env-support@obmen.test');
    // The calculator's cached pair answers were dropped; a new claim holds its rate for the new window.
    expect((await h.pair('SBERRUB', 'USDTTRC20')).paymentWindowMinutes).toBe(45);
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000');
    const [claim] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
    expect(Math.round((claim!.expiresAt.getTime() - claim!.createdAt.getTime()) / 60_000)).toBe(45);
    // The chat's origin is allowed by the CSP from the next answer on.
    const csp = String((await t.inject('/api/v1/calculator/tech/')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/chat\.example/);

    const audit = (
      await admin.inject({ method: 'GET', url: '/api/v1/admin/audit/?entity=setting&entity_id=site' })
    ).json() as { results: { action: string; before: unknown; after: unknown }[] };
    expect(audit.results[0]).toMatchObject({ action: 'setting.update', before: blank, after: view.overrides });

    // Empty again: back to the environment's values.
    const reset = (await put(blank)).json() as View;
    expect(reset.effective).toMatchObject({ supportEmail: 'env-support@obmen.test', paymentWindowMinutes: 30 });
    expect((await h.pair('SBERRUB', 'USDTTRC20')).paymentWindowMinutes).toBe(30);
    expect(String((await t.inject('/api/v1/calculator/tech/')).headers['content-security-policy'])).not.toContain(
      'chat.example',
    );
    expect(t.services.site.current().supportEmail).toBe('env-support@obmen.test');
  });
});
