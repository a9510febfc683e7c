import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPaymentDetail, PaymentCoverage } from '../../../../shared/schemas/admin-payment-details.ts';
import { withLuhnDigit } from '../../../../shared/exchange/requisites.ts';
import { paymentDetails } from '../../../db/schema-exchange.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

type Page = { count: number; results: AdminPaymentDetail[] };
type Requisite = { details: { label: string; value: string; holder: string | null; memo: string | null } | null };

describe('admin: payment details', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let operator: StaffUser;
  let customer: Record<string, string>;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    h = claimHelpers(t);
    operator = await staffUser(t, 'operator');
    await activeUser(t, 'pool-customer@example.com', 'customer password');
    customer = bearer((await login(t, 'pool-customer@example.com', 'customer password')).access);
  });
  afterAll(() => t.close());

  const list = async (query = '') =>
    (await operator.inject({ url: `/api/v1/admin/payment-details/${query}` })).json() as Page;
  const requisite = async (uuid: string, prefix = '') =>
    ((await t.inject(`${prefix}/api/v1/claim/${uuid}/requisite/`)).json() as Requisite).details;
  const setActive = (id: number, payload: Record<string, unknown>, prefix = '') =>
    operator.inject({ method: 'PUT', url: `${prefix}/api/v1/admin/payment-details/${id}/active/`, payload });
  const fields = (d: AdminPaymentDetail) => ({ label: d.label, value: d.value, holder: d.holder, memo: d.memo });

  it('answers a guest 401 and a customer 403 on every call', async () => {
    const body = { currencyId: 1, label: { ru: 'Карта', en: '' }, value: '1', holder: null, memo: null };
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/payment-details/' },
      { method: 'GET' as const, url: '/api/v1/admin/payment-details/coverage/' },
      { method: 'POST' as const, url: '/api/v1/admin/payment-details/', payload: body },
      { method: 'GET' as const, url: '/api/v1/admin/payment-details/1/' },
      { method: 'PUT' as const, url: '/api/v1/admin/payment-details/1/', payload: body },
      { method: 'PUT' as const, url: '/api/v1/admin/payment-details/1/active/', payload: { active: false } },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      expect((await t.inject({ ...call, headers: customer })).statusCode, call.url).toBe(403);
    }
    // Nothing was switched off.
    expect((await list('?active=false')).count).toBe(0);
  });

  it('lists a currency’s details with how often and when each was handed out', async () => {
    const before = await list('?currency=sberrub');
    expect(before.results).toHaveLength(2);
    expect(before.results.every((d) => d.currency.code === 'SBERRUB' && d.usageCount === 0)).toBe(true);
    const uuid = await h.created('SBERRUB', 'USDTTRC20', '10000');
    const shown = await requisite(uuid);
    const after = await list('?currency=SBERRUB');
    const used = after.results.find((d) => d.value === shown!.value)!;
    expect(used).toMatchObject({ usageCount: 1, active: true });
    expect(Date.parse(used.lastUsedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(after.results.filter((d) => d.usageCount === 0)).toHaveLength(1);

    const unknown = await operator.inject({ url: '/en/api/v1/admin/payment-details/?currency=NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ currency: ['Not a valid choice.'] });
  });

  it('keeps every demo detail valid under its currency’s checks (addresses by their checksums)', async () => {
    const all = await list('?size=100');
    expect(all.results.length).toBeGreaterThan(10);
    for (const d of all.results) {
      const res = await operator.inject({
        method: 'PUT',
        url: `/api/v1/admin/payment-details/${d.id}/`,
        payload: fields(d),
      });
      expect(res.statusCode, `${d.currency.code} ${d.value} ${res.body}`).toBe(200);
    }
  });

  it('checks the value as the currency’s own requisites are checked, in the caller’s language', async () => {
    const id = async (code: string) => (await list(`?currency=${code}`)).results[0]!.currency.id;
    const post = (payload: Record<string, unknown>, prefix = '') =>
      operator.inject({ method: 'POST', url: `${prefix}/api/v1/admin/payment-details/`, payload });
    const base = { label: { ru: 'Карта', en: 'Card' }, holder: null, memo: null };
    const badCard = { ...base, currencyId: await id('SBERRUB'), value: '2202 2000 0000 0000' };
    expect((await post(badCard)).json()).toEqual({
      value: ['В номере карты опечатка: не сходится контрольная цифра. Проверьте каждую цифру.'],
    });
    expect((await post(badCard, '/en')).json()).toEqual({
      value: ['The card number has a typo: its check digit does not match. Check every digit.'],
    });
    const badAddress = {
      ...base,
      currencyId: await id('USDTTRC20'),
      value: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
    };
    expect((await post(badAddress, '/en')).json()).toEqual({ value: ['Enter a valid TRC20 address.'] });
    const mistyped = { ...badAddress, value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' };
    expect((await post(mistyped, '/en')).json()).toEqual({
      value: ['The TRC20 address checksum does not match: the address has a typo. Copy it from your wallet again.'],
    });
    const badIban = { ...base, currencyId: await id('SEPAEUR'), value: 'DE89 3704 0044 0532 0130 01' };
    expect((await post(badIban, '/en')).json()).toEqual({
      value: ['The IBAN has a typo: its check digits do not match. Check every character.'],
    });
    const missing = await post({ currencyId: 999999, label: { ru: ' ', en: '' }, value: '' }, '/en');
    expect(missing.json()).toEqual({ 'label.ru': ['This field is required.'], value: ['This field is required.'] });
    const noCurrency = await post({ ...base, currencyId: 999999, value: 'x' }, '/en');
    expect(noCurrency.json()).toEqual({ currencyId: ['Not a valid choice.'] });

    // Cash names an office: any text. A card number is stored without the spaces people type.
    const cash = await post({ ...base, currencyId: await id('CASHRUB'), value: 'MSK-02' });
    expect(cash.statusCode).toBe(201);
    const card = withLuhnDigit('220220300000003');
    const created = await post({ ...badCard, value: card.replace(/(\d{4})/g, '$1 ').trim(), holder: ' Анна Р. ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ value: card, holder: 'Анна Р.', active: true, usageCount: 0 });
    const audit = (
      await operator.inject({
        url: `/api/v1/admin/audit/?entity=payment_detail&entity_id=${(created.json() as AdminPaymentDetail).id}`,
      })
    ).json() as { results: { action: string; actor: { email: string } }[] };
    expect(audit.results).toMatchObject([{ action: 'payment_detail.create', actor: { email: operator.email } }]);
  });

  it('refuses details already in the currency’s pool, however written, on or off, added or edited', async () => {
    const [sber] = (await list('?currency=SBERRUB')).results;
    const post = (payload: Record<string, unknown>, prefix = '') =>
      operator.inject({ method: 'POST', url: `${prefix}/api/v1/admin/payment-details/`, payload });
    const base = { label: { ru: 'Карта', en: 'Card' }, holder: null, memo: null, currencyId: sber!.currency.id };
    const spaced = sber!.value.replace(/(\d{4})/g, '$1 ').trim();
    const again = await post({ ...base, value: spaced });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      value: [
        `Эти реквизиты уже есть в списке (№\u00a0${sber!.id}): измените их там или включите, если они выключены, а не добавляйте ещё раз.`,
      ],
    });
    // Switched off, it is still the same card: the operator switches it on instead.
    const other = withLuhnDigit('220220300000011');
    const added = (await post({ ...base, value: other })).json() as AdminPaymentDetail;
    expect((await setActive(added.id, { active: false, confirm: true })).statusCode).toBe(200);
    expect((await post({ ...base, value: other }, '/en')).json()).toEqual({
      value: [
        `These details are already in the pool (#${added.id}): edit them there, or switch them on if they are off, rather than adding them again.`,
      ],
    });
    // An edit to another detail's value is refused alike; saving a detail with its own value is not.
    const edit = (id: number, value: string) =>
      operator.inject({
        method: 'PUT',
        url: `/api/v1/admin/payment-details/${id}/`,
        payload: { label: base.label, value, holder: null, memo: null },
      });
    expect((await edit(added.id, sber!.value)).statusCode).toBe(400);
    expect((await edit(added.id, other)).statusCode).toBe(200);
    // A pair of duplicates from before this rule: each can still have its name edited, its value unchanged.
    const [twin] = await t.database.db
      .insert(paymentDetails)
      .values({ currencyId: base.currencyId, label: base.label, value: other, holder: null, memo: null })
      .returning();
    expect((await edit(twin!.id, other)).statusCode).toBe(200);
  });

  it('hands out details in rotation, skipping a switched-off one', async () => {
    const pool = (await list('?currency=TCSBRUB')).results;
    expect(pool).toHaveLength(2);
    const currencyId = pool[0]!.currency.id;
    const third = (
      await operator.inject({
        method: 'POST',
        url: '/api/v1/admin/payment-details/',
        payload: { currencyId, label: { ru: 'Т-Банк', en: '' }, value: withLuhnDigit('220070300000003'), holder: null },
      })
    ).json() as AdminPaymentDetail;
    const off = await setActive(pool[0]!.id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: pool[0]!.id, active: false });

    const shown: string[] = [];
    for (let i = 0; i < 4; i++) shown.push((await requisite(await h.created('TCSBRUB', 'USDTTRC20', '10000')))!.value);
    expect(shown).not.toContain(pool[0]!.value);
    expect(new Set(shown)).toEqual(new Set([pool[1]!.value, third.value]));
    expect(shown[0]).not.toBe(shown[1]);
    // The English claim page shows the Russian label when the English one is empty.
    const en = await t.inject(`/en/api/v1/claim/${await h.created('TCSBRUB', 'USDTTRC20', '10000')}/requisite/`);
    expect(((en.json() as Requisite).details?.label ?? '').length).toBeGreaterThan(0);

    const audit = (
      await operator.inject({ url: `/api/v1/admin/audit/?entity=payment_detail&entity_id=${pool[0]!.id}` })
    ).json() as { results: { action: string; before: { active: boolean }; after: { active: boolean } }[] };
    expect(audit.results[0]).toMatchObject({
      action: 'payment_detail.deactivate',
      before: { active: true },
      after: { active: false },
    });
  });

  it('an edit reaches claims created afterwards; an older claim keeps what it showed', async () => {
    const [detail] = (await list('?currency=PRUSD')).results;
    const older = await h.created('PRUSD', 'USDTTRC20', '100');
    expect(await requisite(older)).toMatchObject({ value: detail!.value, label: 'Счёт Payeer' });

    const bad = await operator.inject({
      method: 'PUT',
      url: `/en/api/v1/admin/payment-details/${detail!.id}/`,
      payload: { ...fields(detail!), value: 'U12345' },
    });
    expect(bad.json()).toEqual({ value: ['Invalid format, e.g. P1012345678.'] });
    const changed = await operator.inject({
      method: 'PUT',
      url: `/api/v1/admin/payment-details/${detail!.id}/`,
      payload: {
        ...fields(detail!),
        label: { ru: 'Новый счёт Payeer', en: 'New Payeer account' },
        value: 'P1099900011',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ value: 'P1099900011', usageCount: 1 });

    const newer = await h.created('PRUSD', 'USDTTRC20', '100');
    expect(await requisite(newer, '/en')).toMatchObject({ value: 'P1099900011', label: 'New Payeer account' });
    expect(await requisite(older)).toMatchObject({ value: detail!.value, label: 'Счёт Payeer' });

    const audit = (
      await operator.inject({ url: `/api/v1/admin/audit/?entity=payment_detail&entity_id=${detail!.id}` })
    ).json() as { results: { action: string; before: { value: string }; after: { value: string } }[] };
    expect(audit.results[0]).toMatchObject({
      action: 'payment_detail.update',
      before: { value: detail!.value },
      after: { value: 'P1099900011' },
    });
    expect((await operator.inject({ url: '/api/v1/admin/payment-details/999999/' })).statusCode).toBe(404);
    const missing = await operator.inject({
      method: 'PUT',
      url: '/api/v1/admin/payment-details/999999/',
      payload: fields(detail!),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('warns before the last detail of a currency with directions goes off; claims are then refused clearly', async () => {
    const [only] = (await list('?currency=YAMRUB')).results;
    const prepared = await h.body('YAMRUB', 'USDTTRC20', '10000');
    const warned = await setActive(only!.id, { active: false }, '/en');
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ code: 'payment_details_last' });
    expect((await list('?currency=YAMRUB')).results[0]!.active).toBe(true);

    const confirmed = await setActive(only!.id, { active: false, confirm: true });
    expect(confirmed.statusCode).toBe(200);
    const coverage = (await operator.inject({ url: '/api/v1/admin/payment-details/coverage/' })).json() as {
      results: PaymentCoverage[];
    };
    expect(coverage.results.find((c) => c.code === 'YAMRUB')).toMatchObject({
      activeDetails: 0,
      uncovered: true,
    });
    expect(coverage.results.find((c) => c.code === 'SBERRUB')).toMatchObject({ uncovered: false });

    // The calculator stops offering it as a currency to pay in (the page would only end in a refusal)...
    const yam = await h.id('YAMRUB');
    const senders = (await t.inject('/api/v1/calculator/from/')).json() as { results: { id: number }[] };
    expect(senders.results.map((c) => c.id)).not.toContain(yam);
    expect((await t.inject(`/api/v1/calculator/pair/${yam}/${await h.id('USDTTRC20')}/`)).statusCode).toBe(404);
    // ...and a client that still sends the claim it prepared gets a clear answer.
    const refused = await h.create(prepared, {}, '/en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'We cannot accept this currency right now: choose another one or try again later.',
      code: 'no_payment_details',
    });
    // Paying out in it still works: only the side the customer pays needs a detail.
    await h.created('USDTTRC20', 'YAMRUB', '100');

    expect((await setActive(only!.id, { active: true })).json()).toMatchObject({ active: true });
    const uuid = await h.created('YAMRUB', 'USDTTRC20', '10000');
    expect(await requisite(uuid)).toMatchObject({ value: only!.value });
  });
});
