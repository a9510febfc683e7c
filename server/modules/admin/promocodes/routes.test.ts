import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';
import { promocodes } from '../../../db/schema-promocodes.ts';

type Code = {
  id: number;
  code: string;
  discountPercent: string;
  usesCount: number;
  assignedTo: string[];
  maxUses: number | null;
};

describe('admin: promocodes', () => {
  let t: TestApp;
  let operator: StaffUser;
  let customer: { access: string };

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    operator = await staffUser(t, 'operator');
    await activeUser(t, 'vip@example.com', 'customer password');
    customer = await login(t, 'vip@example.com', 'customer password');
  });
  afterAll(() => t.close());

  const base = {
    discountPercent: '1.5',
    validFrom: null,
    validTo: null,
    maxUses: 10,
    perCustomer: 1,
    assignedTo: [],
    active: true,
  };

  it('checks roles on every call: a guest 401, a customer 403', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/promocodes/' },
      { method: 'POST' as const, url: '/api/v1/admin/promocodes/', payload: { ...base, code: 'X1X' } },
      { method: 'GET' as const, url: '/api/v1/admin/promocodes/1/' },
      { method: 'PUT' as const, url: '/api/v1/admin/promocodes/1/', payload: { ...base, code: 'X1X' } },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await t.inject({ ...call, headers: bearer(customer.access) })).statusCode, call.url).toBe(403);
    }
  });

  it('creates a code customers can use at once; a taken code and bad values are field errors', async () => {
    const res = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/promocodes/',
      payload: { ...base, code: 'spring-26' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'SPRING-26', discountPercent: '1.5', usesCount: 0, maxUses: 10 });
    const h = claimHelpers(t);
    const pair = await h.pair('SBERRUB', 'USDTTRC20');
    const preview = await t.inject({
      method: 'POST',
      url: '/api/v1/claim/promocode/',
      payload: { promocode: 'spring-26', fromPs: pair.fromCurrencyId, toPs: pair.toCurrencyId, email: 'a@example.com' },
    });
    expect(preview.statusCode).toBe(200);

    const again = await operator.inject({
      method: 'POST',
      url: '/en/api/v1/admin/promocodes/',
      payload: { ...base, code: 'SPRING-26' },
    });
    expect(again.json()).toEqual({ code: ['This promocode already exists.'] });
    const bad = await operator.inject({
      method: 'POST',
      url: '/en/api/v1/admin/promocodes/',
      payload: {
        ...base,
        code: 'x',
        discountPercent: '90',
        validFrom: '2027-02-01',
        validTo: '2027-01-01',
        maxUses: 0,
        assignedTo: 'nobody@example.com',
      },
    });
    expect(Object.keys(bad.json() as object).sort()).toEqual(['code', 'discountPercent', 'maxUses', 'validTo']);
    expect((bad.json() as Record<string, string[]>).discountPercent).toEqual([
      'The percentage must be above 0 and at most 50.',
    ]);
    // Every message complete: the format's example filled in.
    expect((bad.json() as Record<string, string[]>).code).toEqual(['Invalid format, e.g. SPRING-25.']);
    expect((bad.json() as Record<string, string[]>).validTo).toEqual(['The end date is before the start date.']);
    expect(JSON.stringify(bad.json())).not.toMatch(/\{\w+\}/);
    const unknown = await operator.inject({
      method: 'POST',
      url: '/en/api/v1/admin/promocodes/',
      payload: { ...base, code: 'ONLY-YOU', assignedTo: 'nobody@example.com' },
    });
    expect(unknown.json()).toEqual({ assignedTo: ['There are no customers with these e-mails: nobody@example.com.'] });
  });

  it('refuses dates PostgreSQL cannot hold or that do not exist, by field and in the caller’s language', async () => {
    const create = (url: string, payload: object) =>
      operator.inject({ method: 'POST', url, payload: { ...base, ...payload } });
    // Year 0000 once reached the database and came back as a 400 naming no field.
    const zero = await create('/api/v1/admin/promocodes/', { code: 'YEAR-ZERO', validFrom: '0000-01-01' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ validFrom: ['Год должен быть от 1 до 9999.'] });
    const zeroEn = await create('/en/api/v1/admin/promocodes/', { code: 'YEAR-ZERO', validFrom: '0000-01-01' });
    expect(zeroEn.json()).toEqual({ validFrom: ['The year must be from 1 to 9999.'] });
    // Past 9999 by the offset (10000-01-01 UTC), and a day not in the calendar (no longer moved to another day).
    const beyond = await create('/en/api/v1/admin/promocodes/', {
      code: 'BEYOND',
      validFrom: '2026-13-45',
      validTo: '9999-12-31T23:00:00-05:00',
    });
    expect(beyond.json()).toEqual({
      validFrom: ['There is no such date: check the month and the day.'],
      validTo: ['The year must be from 1 to 9999.'],
    });
    const leap = await create('/api/v1/admin/promocodes/', { code: 'NO-LEAP', validTo: '2026-02-29' });
    expect(leap.json()).toEqual({ validTo: ['Такой даты нет: проверьте месяц и день.'] });
    // The last day a date field shows fits.
    const last = await create('/api/v1/admin/promocodes/', { code: 'LAST-DAY', validTo: '9999-12-31' });
    expect(last.statusCode).toBe(201);
    // Through 31 December 9999 on Moscow's clock: to its midnight, still in 9999 in UTC.
    expect(last.json()).toMatchObject({ validTo: '9999-12-31T21:00:00.000Z' });
  });

  it('reads the discount as the ru console writes it, and words a refused one as a percentage', async () => {
    const negative = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/promocodes/',
      payload: { ...base, code: 'MINUS-5', discountPercent: '-5' },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toEqual({ discountPercent: ['Процент должен быть больше 0 и не больше 50.'] });
    const twoCommas = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/promocodes/',
      payload: { ...base, code: 'COMMAS', discountPercent: '1,5,0' },
    });
    expect(twoCommas.json()).toEqual({ discountPercent: ['Введите число, например 2,5.'] });
    const comma = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/promocodes/',
      payload: { ...base, code: 'COMMA-15', discountPercent: '1,5' },
    });
    expect(comma.statusCode).toBe(201);
    expect(comma.json()).toMatchObject({ code: 'COMMA-15', discountPercent: '1.5' });
  });

  it('answers fields left out, values of the wrong type and a body that is not an object in the caller’s language', async () => {
    const post = (url: string, payload: unknown) =>
      operator.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { 'content-type': 'application/json' },
      });
    const ru = await post('/api/v1/admin/promocodes/', { code: 'HALF-26', active: 'yes' });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({
      discountPercent: ['Обязательное поле.'],
      validFrom: ['Обязательное поле.'],
      validTo: ['Обязательное поле.'],
      maxUses: ['Обязательное поле.'],
      perCustomer: ['Обязательное поле.'],
      assignedTo: ['Обязательное поле.'],
      active: ['Недопустимое значение.'],
    });
    const en = await post('/en/api/v1/admin/promocodes/', { ...base, code: 'HALF-26', active: 'yes', maxUses: 'ten' });
    expect(en.json()).toEqual({
      maxUses: ['A valid integer of at least 1 is required.'],
      active: ['Not a valid choice.'],
    });
    const list = await post('/en/api/v1/admin/promocodes/', [base]);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ non_field_errors: ['Invalid data. Expected an object with the form fields.'] });
  });

  it('tells uses past the maximum that maximum, in POST and PUT, and the list a page past the largest', async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      operator.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
    const post = await send('POST', '/api/v1/admin/promocodes/', {
      ...base,
      code: 'HUGE-26',
      maxUses: 12_345_678_901,
      perCustomer: 1_000_001,
    });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toEqual({
      maxUses: ['Не больше 1\u00a0000\u00a0000.'],
      perCustomer: ['Не больше 1\u00a0000\u00a0000.'],
    });
    const created = await send('POST', '/api/v1/admin/promocodes/', { ...base, code: 'HUGE-26' });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as Code).id;
    const put = await send('PUT', `/en/api/v1/admin/promocodes/${id}/`, { ...base, code: 'HUGE-26', maxUses: 1e21 });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ maxUses: ['At most 1,000,000.'] });
    // Below 1 or not whole is still asked for as a whole number of at least 1; the largest is taken.
    const zero = await send('PUT', `/en/api/v1/admin/promocodes/${id}/`, { ...base, code: 'HUGE-26', maxUses: 0 });
    expect(zero.json()).toEqual({ maxUses: ['A valid integer of at least 1 is required.'] });
    const most = await send('PUT', `/api/v1/admin/promocodes/${id}/`, { ...base, code: 'HUGE-26', maxUses: 1_000_000 });
    expect(most.statusCode).toBe(200);
    const page = await operator.inject({ url: '/en/api/v1/admin/promocodes/?page=12345678901234567890' });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ page: ['At most 2,147,483,647.'] });
  });

  it('reads uses as the console writes numbers and refuses text that is none, never as unlimited', async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      operator.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
    // The form's text as typed: grouped by a space, a no-break space or an English comma.
    const created = await send('POST', '/api/v1/admin/promocodes/', {
      ...base,
      code: 'GROUPED-26',
      maxUses: '1\u00a0000',
      perCustomer: '1,000',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ maxUses: 1000, perCustomer: 1000 });
    const id = (created.json() as Code).id;
    // Each is refused on its field, in the caller's language.
    const bad = await send('PUT', `/api/v1/admin/promocodes/${id}/`, {
      ...base,
      code: 'GROUPED-26',
      maxUses: 'abc',
      perCustomer: '1,5',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      maxUses: ['Введите целое число не меньше 1.'],
      perCustomer: ['Введите целое число не меньше 1.'],
    });
    const en = await send('PUT', `/en/api/v1/admin/promocodes/${id}/`, {
      ...base,
      code: 'GROUPED-26',
      maxUses: '10.5',
    });
    expect(en.json()).toEqual({ maxUses: ['A valid integer of at least 1 is required.'] });
    // Only an emptied field is unlimited.
    const cleared = await send('PUT', `/api/v1/admin/promocodes/${id}/`, { ...base, code: 'GROUPED-26', maxUses: '' });
    expect(cleared.json()).toMatchObject({ maxUses: null });
  });

  it('tells a total below the uses so far how many there were, as the site writes numbers', async () => {
    const created = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/promocodes/',
      payload: { ...base, code: 'USED-26', maxUses: null },
    });
    const id = (created.json() as Code).id;
    await t.database.db.update(promocodes).set({ usesCount: 1200 }).where(eq(promocodes.id, id));
    const send = (prefix: string, maxUses: number) =>
      operator.inject({
        method: 'PUT',
        url: `${prefix}/api/v1/admin/promocodes/${id}/`,
        payload: { ...base, code: 'USED-26', maxUses },
      });
    // A count of uses, not "the minimum amount".
    expect((await send('', 1000)).json()).toEqual({
      maxUses: ['Использований уже 1\u00a0200: лимит не может быть меньше.'],
    });
    expect((await send('/en', 1199)).json()).toEqual({
      maxUses: ['The code has been used 1,200 times already: the limit cannot be lower.'],
    });
    expect((await send('', 1200)).statusCode).toBe(200);
  });

  it('assigns a code to several customers by e-mail, who see it in the account; others cannot use it', async () => {
    await activeUser(t, 'second@example.com', 'customer password');
    const second = await login(t, 'second@example.com', 'customer password');
    await activeUser(t, 'third@example.com', 'customer password');
    const third = await login(t, 'third@example.com', 'customer password');
    const create = (assignedTo: unknown, prefix = '') =>
      operator.inject({
        method: 'POST',
        url: `${prefix}/api/v1/admin/promocodes/`,
        payload: { ...base, code: 'VIP-ONLY', assignedTo },
      });

    // Unknown and malformed e-mails are named; nothing is created.
    expect((await create(['VIP@example.com', 'ghost@example.com', 'nobody@example.com'])).json()).toEqual({
      assignedTo: ['Нет клиентов с такими e-mail: ghost@example.com, nobody@example.com.'],
    });
    expect((await create('vip@example.com, not-an-email', '/en')).json()).toEqual({
      assignedTo: ['These are not e-mail addresses: not-an-email.'],
    });
    // A pasted column (new lines, repeats, any case) is a list too.
    const res = await create('VIP@example.com\nsecond@example.com\n vip@example.com ');
    expect(res.statusCode).toBe(201);
    const created = res.json() as Code;
    expect(created.assignedTo).toEqual(['second@example.com', 'vip@example.com']);

    const mine = async (access: string) =>
      (
        (await t.inject({ url: '/api/v1/users/me/promocodes/', headers: bearer(access) })).json() as {
          results: { code: string }[];
        }
      ).results.map((c) => c.code);
    expect(await mine(customer.access)).toContain('VIP-ONLY');
    expect(await mine(second.access)).toContain('VIP-ONLY');
    expect(await mine(third.access)).not.toContain('VIP-ONLY');

    const h = claimHelpers(t);
    const pair = await h.pair('SBERRUB', 'USDTTRC20');
    const preview = (headers: Record<string, string>, email: string) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/claim/promocode/',
        headers,
        payload: { promocode: 'vip-only', fromPs: pair.fromCurrencyId, toPs: pair.toCurrencyId, email },
      });
    expect((await preview(bearer(second.access), 'second@example.com')).statusCode).toBe(200);
    expect((await preview(bearer(third.access), 'third@example.com')).json()).toEqual({
      promocode: ['Такого промокода нет.'],
    });
    expect((await preview({}, 'second@example.com')).json()).toEqual({
      promocode: ['Этот промокод выдан другому клиенту. Войдите в свой аккаунт, если он ваш.'],
    });

    // The list is replaced as a whole: the second customer leaves it, the third joins.
    const changed = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/promocodes/${created.id}/`,
      payload: {
        ...base,
        code: 'VIP-ONLY',
        discountPercent: '2',
        assignedTo: ['vip@example.com', 'third@example.com'],
      },
    });
    expect(changed.json()).toMatchObject({
      discountPercent: '2',
      assignedTo: ['third@example.com', 'vip@example.com'],
    });
    expect(await mine(second.access)).not.toContain('VIP-ONLY');
    expect((await preview(bearer(third.access), 'third@example.com')).statusCode).toBe(200);

    // An empty list makes it public; switched off, nobody may use it.
    const open = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/promocodes/${created.id}/`,
      payload: { ...base, code: 'VIP-ONLY', assignedTo: null, active: false },
    });
    expect(open.json()).toMatchObject({ assignedTo: [], active: false });
    expect(await mine(customer.access)).not.toContain('VIP-ONLY');

    const audit = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=promocode&entity_id=${created.id}` })
    ).json() as { results: { action: string; before: { assignedTo: string[] }; after: { assignedTo: string[] } }[] };
    expect(audit.results.map((a) => a.action)).toEqual(['promocode.update', 'promocode.update', 'promocode.create']);
    expect(audit.results[1]).toMatchObject({
      before: { assignedTo: ['second@example.com', 'vip@example.com'] },
      after: { assignedTo: ['third@example.com', 'vip@example.com'] },
    });
    expect(
      (
        await operator.inject({
          method: 'PUT',
          url: '/api/v1/admin/promocodes/999999/',
          payload: { ...base, code: 'NOPE' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists codes newest first with their uses', async () => {
    const list = (await operator.inject({ method: 'GET', url: '/api/v1/admin/promocodes/' })).json() as {
      count: number;
      results: Code[];
    };
    expect(list.count).toBeGreaterThanOrEqual(4);
    expect(list.results[0]!.code).toBe('VIP-ONLY');
  });
});
