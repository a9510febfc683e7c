import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCourse, formatMoney } from '../../../shared/format.ts';
import type { TestApp } from '../../../tests/helpers/build.ts';
import type { claimHelpers } from '../../../tests/helpers/claims.ts';
import { withOperatorApp } from '../../../tests/helpers/operator-app.ts';
import type { StaffUser } from '../../../tests/helpers/staff.ts';
import { claims } from '../../db/schema-exchange.ts';
import { mailOutbox } from '../../db/schema-mail.ts';

/**
 * What monitors ask of a listed exchange: every e-mail on creating or changing a claim carries the exchange's key
 * parameters (direction, amounts, course, times) and both parties' details, the customer's own masked as on the
 * claim page.
 */
describe('claim e-mails carry the key parameters and both parties’ details', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let operator: StaffUser;

  withOperatorApp((app) => ({ t, h, operator } = app));

  const mailOf = async (uuid: string, kind: string, status?: string) => {
    await t.services.claims.drain();
    const rows = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind)));
    const found = rows.filter((r) => r.meta.claimId === uuid && (!status || r.meta.status === status));
    expect(found, `${kind} ${status ?? ''}`).toHaveLength(1);
    return found[0]!;
  };
  const rowOf = async (uuid: string) => (await t.database.db.select().from(claims).where(eq(claims.id, uuid)))[0]!;

  it('the created and status letters of a Russian card → USDT claim', async () => {
    const body = await h.body('SBERRUB', 'USDTTRC20', '10000', { email: 'mail-facts@example.com' });
    const res = await h.create(body);
    expect(res.statusCode).toBe(201);
    const uuid = res.json<{ uuid: string }>().uuid;
    const claim = await rowOf(uuid);
    const card = body.fromRequisites.card as string;
    const address = Object.values(body.toRequisites)[0] as string;
    const rub = { symbol: 'RUB', decimals: 2 };
    const usdt = { symbol: 'USDT', decimals: 6 };

    for (const [payIn, mail] of [
      ['Вы платите на', await mailOf(uuid, 'claim.created')] as const,
      await (async () => {
        const moved = await operator.inject({
          method: 'POST',
          url: `/api/v1/admin/claims/${uuid}/received/`,
          payload: { expected: 'new' },
        });
        expect(moved.statusCode).toBe(200);
        return ['Реквизиты для оплаты', await mailOf(uuid, 'claim.status', 'processing')] as const;
      })(),
    ]) {
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Направление: Сбербанк RUB → Tether TRC20');
        expect(part).toContain(`Отдаёте: ${formatMoney(body.fromSumma, rub, 'ru')}`);
        expect(part).toContain(`Получаете: ${formatMoney(body.toSumma, usdt, 'ru')}`);
        expect(part).toContain(`Курс: ${formatCourse(claim.course, rub, usdt, 'ru').text}`);
        expect(part).toMatch(/Создана: \d+ \S+ \d{4} г\., \d\d:\d\d \(UTC\+3\)/);
        // Where the customer pays: our details, whole; "you pay to" only while paying is next.
        expect(part).toContain(
          `${payIn}: ${claim.paymentDetail!.label.ru}: ${formatCardNumber(claim.paymentDetail!.value)}`,
        );
        if (payIn !== 'Вы платите на') expect(part).not.toContain('Вы платите на');
        // The customer's card masked as the claim page masks it; the payout address whole (they must check it).
        expect(part).toContain(`${card.replace(/\D/g, '').slice(0, 4)} •••• •••• ${card.replace(/\D/g, '').slice(-4)}`);
        expect(part).not.toContain(card.replace(/\D/g, ''));
        expect(part).toContain(`Мы выплачиваем на: `);
        expect(part).toContain(address);
      }
    }
    // The deadline is the created letter's next step; once paid for, the processing letter no longer asks for payment.
    expect((await mailOf(uuid, 'claim.created')).text).toMatch(/Оплатить до: \d+ \S+ \d{4} г\., \d\d:\d\d \(UTC\+3\)/);
    const processing = (await mailOf(uuid, 'claim.status', 'processing')).text;
    expect(processing).toMatch(/Статус изменён: .+\(UTC\+3\)/);
    expect(processing).not.toContain('Оплатить до');
  });

  it('writes an English claim’s letter in English', async () => {
    const body = await h.body('USDTTRC20', 'SBERRUB', '100', { email: 'mail-facts-en@example.com' });
    const res = await h.create(body, {}, '/en');
    expect(res.statusCode).toBe(201);
    const uuid = res.json<{ uuid: string }>().uuid;
    const text = (await mailOf(uuid, 'claim.created')).text;
    const payout = (body.toRequisites.card as string).replace(/\D/g, '');
    expect(text).toContain('Direction: Tether TRC20 → Sberbank RUB');
    expect(text).toContain('You send: 100.00\u00a0USDT');
    expect(text).toMatch(/Rate: 1\u00a0USDT = [\d.]+\u00a0RUB/);
    expect(text).toMatch(/Pay by: \w{3} \d+, \d{4}, \d\d:\d\d \(UTC\+3\)/);
    expect(text).toContain(`We pay out to: `);
    expect(text).toContain(`${payout.slice(0, 4)} •••• •••• ${payout.slice(-4)}`);
    expect(text).not.toContain(payout);
  });

  it('a burst of claims delivered together: each letter goes to its own customer and reports its own claim', async () => {
    const rub = { symbol: 'RUB', decimals: 2 };
    const made = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const body = await h.body('SBERRUB', 'USDTTRC20', String(10_000 + 1_000 * i), {
          email: `burst-${i}@example.com`,
        });
        const res = await h.create(body);
        expect(res.statusCode).toBe(201);
        return { body, uuid: res.json<{ uuid: string }>().uuid };
      }),
    );
    for (const { body, uuid } of made) {
      const mail = await mailOf(uuid, 'claim.created');
      expect(mail.to).toBe(body.email);
      expect(mail.status).toBe('logged');
      expect(mail.text).toContain(uuid);
      expect(mail.text).toContain(`Отдаёте: ${formatMoney(body.fromSumma, rub, 'ru')}`);
    }
  });
});
