import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFaqItem } from '../../../../shared/schemas/admin-content.ts';
import type { FaqItem } from '../../../../shared/schemas/content.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

describe('admin: FAQ', () => {
  let t: TestApp;
  let operator: StaffUser;
  let customer: Record<string, string>;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    operator = await staffUser(t, 'operator');
    await activeUser(t, 'faq-customer@example.com', 'customer password');
    customer = bearer((await login(t, 'faq-customer@example.com', 'customer password')).access);
  });
  afterAll(() => t.close());

  const list = async () =>
    ((await operator.inject({ url: '/api/v1/admin/faq/' })).json() as { results: AdminFaqItem[] }).results;
  const site = async (prefix = '') =>
    ((await t.inject(`${prefix}/api/v1/content/faq/`)).json() as { results: FaqItem[] }).results;
  const audit = async (id: number | string) =>
    (
      (await operator.inject({ url: `/api/v1/admin/audit/?entity=faq&entity_id=${id}` })).json() as {
        results: { action: string; before: unknown; after: unknown }[];
      }
    ).results;
  const body = {
    question: { ru: 'Можно ли отменить заявку?', en: 'Can I cancel a claim?' },
    answer: { ru: 'Да, пока она **не оплачена**.', en: 'Yes, while it is **unpaid**.' },
  };

  it('answers a guest 401 and a customer 403 on every call', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/faq/' },
      { method: 'POST' as const, url: '/api/v1/admin/faq/', payload: body },
      { method: 'PUT' as const, url: '/api/v1/admin/faq/order/', payload: { ids: [] } },
      { method: 'GET' as const, url: '/api/v1/admin/faq/1/' },
      { method: 'PUT' as const, url: '/api/v1/admin/faq/1/', payload: body },
      { method: 'DELETE' as const, url: '/api/v1/admin/faq/1/' },
    ];
    const before = await site();
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await t.inject({ ...call, headers: customer })).statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    expect(await site()).toEqual(before);
  });

  it('adds a question at the end; visitors see it at once, rendered and sanitised, ru where en is empty', async () => {
    const before = await list();
    expect(before.length).toBeGreaterThan(0);
    expect((await site()).map((q) => q.id)).toEqual(before.map((q) => q.id));

    const bad = await operator.inject({
      method: 'POST',
      url: '/en/api/v1/admin/faq/',
      payload: { question: { ru: ' ', en: 'x'.repeat(301) }, answer: { ru: '', en: '' } },
    });
    expect(bad.json()).toEqual({
      'question.ru': ['This field is required.'],
      'question.en': ['Ensure this field has no more than 300 characters.'],
      'answer.ru': ['This field is required.'],
    });
    const ru = await operator.inject({ method: 'POST', url: '/api/v1/admin/faq/', payload: { answer: body.answer } });
    expect(ru.json()).toEqual({ question: ['Обязательное поле.'] });

    const res = await operator.inject({
      method: 'POST',
      url: '/api/v1/admin/faq/',
      payload: {
        question: { ru: 'Сколько ждать выплату?', en: '' },
        answer: { ru: 'Обычно **15 минут**.<script>alert(1)</script>', en: '' },
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as AdminFaqItem;
    expect(created.position).toBeGreaterThan(before.at(-1)!.position);

    const shown = (await site()).at(-1)!;
    expect(shown).toMatchObject({ id: created.id, question: 'Сколько ждать выплату?' });
    expect(shown.html).toContain('<strong>15 минут</strong>');
    expect(shown.html).not.toContain('<script');
    expect((await site('/en')).at(-1)).toMatchObject({ question: 'Сколько ждать выплату?' });
    expect(await audit(created.id)).toMatchObject([{ action: 'faq.create', after: { id: created.id } }]);
  });

  it('edits a question; the site shows the new text at once', async () => {
    const [first] = await list();
    await site('/en');
    const res = await operator.inject({ method: 'PUT', url: `/api/v1/admin/faq/${first!.id}/`, payload: body });
    expect(res.json()).toMatchObject({ id: first!.id, question: body.question, answer: body.answer });
    expect((await site('/en'))[0]).toMatchObject({ question: 'Can I cancel a claim?' });
    expect((await site('/en'))[0]!.html).toContain('<strong>unpaid</strong>');
    expect((await audit(first!.id))[0]).toMatchObject({
      action: 'faq.update',
      before: { question: first!.question },
      after: { question: body.question },
    });
    expect((await operator.inject({ url: '/api/v1/admin/faq/999999/' })).statusCode).toBe(404);
    const missing = await operator.inject({ method: 'PUT', url: '/api/v1/admin/faq/999999/', payload: body });
    expect(missing.statusCode).toBe(404);
  });

  it('puts the questions in order; an order from a list that changed meanwhile is refused', async () => {
    const ids = (await list()).map((q) => q.id);
    const reversed = [...ids].reverse();
    const res = await operator.inject({ method: 'PUT', url: '/api/v1/admin/faq/order/', payload: { ids: reversed } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { results: AdminFaqItem[] }).results.map((q) => q.id)).toEqual(reversed);
    expect((await site()).map((q) => q.id)).toEqual(reversed);
    expect((await audit('order'))[0]).toMatchObject({ action: 'faq.reorder', before: ids, after: reversed });

    const stale = await operator.inject({
      method: 'PUT',
      url: '/en/api/v1/admin/faq/order/',
      payload: { ids: ids.slice(1) },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'faq_changed' });
    const twice = await operator.inject({
      method: 'PUT',
      url: '/en/api/v1/admin/faq/order/',
      payload: { ids: [ids[0], ...ids] },
    });
    expect(twice.json()).toEqual({ ids: ['Not a valid choice.'] });
    expect((await site()).map((q) => q.id)).toEqual(reversed);
  });

  it('deletes a question: gone from the site, its text kept in the audit log', async () => {
    const [first] = await list();
    await site();
    const res = await operator.inject({ method: 'DELETE', url: `/api/v1/admin/faq/${first!.id}/` });
    expect(res.statusCode).toBe(204);
    expect((await site()).map((q) => q.id)).not.toContain(first!.id);
    expect((await audit(first!.id))[0]).toMatchObject({ action: 'faq.delete', before: { question: first!.question } });
    expect((await operator.inject({ method: 'DELETE', url: `/api/v1/admin/faq/${first!.id}/` })).statusCode).toBe(404);
  });
});
