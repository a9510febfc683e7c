import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../shared/format.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { fund, userIdOf } from '../../../../tests/helpers/referral.ts';
import { activeUser, bearer, login, mailsTo } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

type W = {
  id: number;
  status: string;
  amount: string;
  balance: string;
  reference: string | null;
  reason: string | null;
};
type Page = { count: number; results: W[] };
type Audit = { results: { action: string; entityId: string; before: unknown; after: unknown }[] };

describe('admin: partners’ withdrawals and the referral settings', () => {
  let t: TestApp;
  let operator: StaffUser;
  let partner: { access: string; id: number };

  beforeAll(async () => {
    t = await build({ ssr: false, seed: false, env: { JOBS: 'false' } });
    operator = await staffUser(t, 'operator');
    await activeUser(t, 'partner@example.com', 'partner password');
    partner = {
      access: (await login(t, 'partner@example.com', 'partner password')).access,
      id: await userIdOf(t, 'partner@example.com'),
    };
    await fund(t, partner.id, '100');
  });
  afterAll(() => t.close());

  const request = async (amount: string) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/users/me/refferal/withdrawal/',
      payload: { amount, requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      headers: bearer(partner.access),
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const mine = async () =>
    (
      (await t.inject({ url: '/api/v1/users/me/refferal/withdrawal/', headers: bearer(partner.access) })).json() as {
        results: W[];
      }
    ).results;

  it('checks roles on every call: a guest 401, a customer 403', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/admin/withdrawals/' },
      { method: 'POST' as const, url: '/api/v1/admin/withdrawals/1/pay/', payload: { reference: 'x' } },
      { method: 'POST' as const, url: '/api/v1/admin/withdrawals/1/reject/', payload: { reason: 'x' } },
      { method: 'GET' as const, url: '/api/v1/admin/referral/settings/' },
      {
        method: 'PUT' as const,
        url: '/api/v1/admin/referral/settings/',
        payload: { percent: '1', minWithdrawal: '5' },
      },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await t.inject({ ...call, headers: bearer(partner.access) })).statusCode, call.url).toBe(403);
    }
  });

  it('lists the queue oldest first with the partner and their balance; pays with a reference the partner sees', async () => {
    const first = await request('30');
    const second = await request('20');
    const queue = (
      await operator.inject({ method: 'GET', url: '/api/v1/admin/withdrawals/?status=pending' })
    ).json() as Page;
    expect(queue.results.map((w) => w.id)).toEqual([first, second]);
    expect(queue.results[0]).toMatchObject({ amount: '30.00', balance: '50.00', status: 'pending' });
    expect(queue.results[0]).toHaveProperty('partner.email', 'partner@example.com');

    const missing = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${first}/pay/`,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ reference: ['Обязательное поле.'] });

    const paid = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${first}/pay/`,
      payload: { reference: 'tx 0xabc' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', reference: 'tx 0xabc', balance: '50.00' });
    expect((await mine()).find((w) => w.id === first)).toMatchObject({ status: 'paid', reference: 'tx 0xabc' });

    // Decided already: the second operator is refused, in the locale of the call.
    const again = await operator.inject({
      method: 'POST',
      url: `/en/api/v1/admin/withdrawals/${first}/reject/`,
      payload: { reason: 'late' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      detail: 'This withdrawal request has already been decided: reload the page.',
    });

    const audit = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=withdrawal&entity_id=${first}` })
    ).json() as Audit;
    expect(audit.results).toEqual([
      expect.objectContaining({
        action: 'withdrawal.pay',
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'paid', reference: 'tx 0xabc' }),
      }),
    ]);
  });

  it('rejects with a reason and returns the amount to the balance', async () => {
    const id = await request('10');
    const balanceBefore = (
      (await t.inject({ url: '/api/v1/users/me/refferal/', headers: bearer(partner.access) })).json() as {
        balance: string;
      }
    ).balance;
    const res = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${id}/reject/`,
      payload: { reason: 'Wrong network in the requisites' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'Wrong network in the requisites' });
    const balanceAfter = (
      (await t.inject({ url: '/api/v1/users/me/refferal/', headers: bearer(partner.access) })).json() as {
        balance: string;
      }
    ).balance;
    expect(Number(balanceAfter) - Number(balanceBefore)).toBe(10);
    expect(
      (
        await operator.inject({
          method: 'POST',
          url: '/api/v1/admin/withdrawals/999999/pay/',
          payload: { reference: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('changes the accrual percent with validation and an audit entry; the partner sees the new percent', async () => {
    expect((await operator.inject({ method: 'GET', url: '/api/v1/admin/referral/settings/' })).json()).toEqual({
      percent: '0.3',
      minWithdrawal: '10.00',
    });
    const bad = await operator.inject({
      method: 'PUT',
      url: '/en/api/v1/admin/referral/settings/',
      payload: { percent: '75', minWithdrawal: 'ten' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      percent: ['The percentage must be from 0 to 50.'],
      minWithdrawal: ['Enter the amount as a number, e.g. 1,500.50.'],
    });
    const ru = await operator.inject({
      method: 'PUT',
      url: '/api/v1/admin/referral/settings/',
      payload: { percent: '-1', minWithdrawal: '5,5555' },
    });
    expect(ru.json()).toEqual({
      percent: ['Процент должен быть от 0 до 50.'],
      minWithdrawal: ['Не более 2 знаков после запятой.'],
    });
    // The ru console's comma decimal is read as a point.
    const ok = await operator.inject({
      method: 'PUT',
      url: '/api/v1/admin/referral/settings/',
      payload: { percent: '0,5', minWithdrawal: '5' },
    });
    expect(ok.json()).toEqual({ percent: '0.5', minWithdrawal: '5.00' });
    const summary = (await t.inject({ url: '/api/v1/users/me/refferal/', headers: bearer(partner.access) })).json();
    expect(summary).toMatchObject({ percent: '0.5' });
    const audit = (
      await operator.inject({ method: 'GET', url: '/api/v1/admin/audit/?entity=setting&entity_id=referral' })
    ).json() as Audit;
    expect(audit.results[0]).toMatchObject({
      action: 'setting.update',
      after: expect.objectContaining({ percent: '0.5' }),
    });
  });

  it('a minimum withdrawal of 0 or below stored before the console refused it reads as the default 10.00', async () => {
    const { settings } = await import('../../../db/schema.ts');
    for (const stored of ['0.00', 0, '-5']) {
      const value = { percent: '0.5', minWithdrawal: stored, currency: 'USDT' };
      await t.database.db
        .insert(settings)
        .values({ key: 'referral', value })
        .onConflictDoUpdate({ target: settings.key, set: { value } });
      const summary = (await t.inject({ url: '/api/v1/users/me/refferal/', headers: bearer(partner.access) })).json();
      expect(summary, String(stored)).toMatchObject({ minWithdrawal: '10.00', percent: '0.5' });
      const small = await t.inject({
        method: 'POST',
        url: '/api/v1/users/me/refferal/withdrawal/',
        payload: { amount: '1', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
        headers: bearer(partner.access),
      });
      expect(small.statusCode, String(stored)).toBe(400);
      expect(small.json()).toEqual({ amount: ['Минимальная сумма: 10,00\u00a0USDT.'] });
      // The console shows the minimum in force, so saving the form as it stands mends the stored value.
      const shown = (await operator.inject({ method: 'GET', url: '/api/v1/admin/referral/settings/' })).json();
      expect(shown).toEqual({ percent: '0.5', minWithdrawal: '10.00' });
    }
  });

  it('mails the partner the decision in their language: paid with the reference, rejected with the reason and the refund', async () => {
    const { users } = await import('../../../db/schema-users.ts');
    const { eq } = await import('drizzle-orm');
    const partnerIn = async (email: string, locale: 'ru' | 'en') => {
      await activeUser(t, email, 'partner password');
      await t.database.db.update(users).set({ locale }).where(eq(users.email, email));
      const id = await userIdOf(t, email);
      await fund(t, id, '1234.5');
      return (await login(t, email, 'partner password')).access;
    };
    const ask = async (access: string, amount: string) =>
      (
        await t.inject({
          method: 'POST',
          url: '/api/v1/users/me/refferal/withdrawal/',
          payload: { amount, requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
          headers: bearer(access),
        })
      ).json() as { id: number };
    const decide = (id: number, action: 'pay' | 'reject', payload: object) =>
      operator.inject({ method: 'POST', url: `/api/v1/admin/withdrawals/${id}/${action}/`, payload });

    // The operator's console runs in Russian; the English partner's letter is in English all the same.
    const en = await partnerIn('mail-en@example.com', 'en');
    const paid = await ask(en, '1234.5');
    expect((await mailsTo(t, 'mail-en@example.com')).filter((m) => m.kind.startsWith('referral.'))).toEqual([]);
    expect((await decide(paid.id, 'pay', { reference: '0xfeed tx' })).statusCode).toBe(200);
    const [paidLetter, ...more] = (await mailsTo(t, 'mail-en@example.com')).filter((m) =>
      m.kind.startsWith('referral.'),
    );
    expect(more).toEqual([]);
    expect(paidLetter).toMatchObject({
      kind: 'referral.withdrawal_paid',
      subject: `Withdrawal #${paid.id} has been paid`,
    });
    expect(paidLetter!.text).toContain('We have paid out 1,234.50\u00a0USDT');
    expect(paidLetter!.text).toContain('Payout reference: 0xfeed tx');
    expect(paidLetter!.text).toContain('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    expect(paidLetter!.html).toContain('/en/account/referrer');

    const ru = await partnerIn('mail-ru@example.com', 'ru');
    const rejected = await ask(ru, '1000');
    expect((await decide(rejected.id, 'reject', { reason: 'Адрес не в сети TRC20' })).statusCode).toBe(200);
    // A second decision is refused (409) and writes no second letter.
    expect((await decide(rejected.id, 'pay', { reference: 'late' })).statusCode).toBe(409);
    const letters = (await mailsTo(t, 'mail-ru@example.com')).filter((m) => m.kind.startsWith('referral.'));
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({
      kind: 'referral.withdrawal_rejected',
      subject: `Вывод №\u00a0${rejected.id} отклонён`,
    });
    expect(letters[0]!.text).toContain('Причина: Адрес не в сети TRC20');
    expect(letters[0]!.text).toContain(
      `${formatMoney('1000', { symbol: 'USDT', decimals: 2 }, 'ru')} вернулись на ваш партнёрский баланс`,
    );
    expect(letters[0]!.status).not.toBe('failed');
  });
});
