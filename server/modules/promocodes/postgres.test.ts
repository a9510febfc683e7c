import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseWithPromocode, receiveFor } from '../../../shared/exchange/calculator.ts';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { claims } from '../../db/schema-exchange.ts';
import { promocodes } from '../../db/schema-promocodes.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';

describe.skipIf(!hasPostgres)('promocodes on PostgreSQL: races (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, env: { JOBS: 'false' } });
    h = claimHelpers(t);
  });
  afterAll(() => t.close());

  async function payloads(code: string, discount: string, emails: string[]) {
    const p = await h.pair('SBERRUB', 'USDTTRC20');
    const priced = { ...p, course: courseWithPromocode(p.course, discount) };
    return Promise.all(
      emails.map(async (email) => ({
        ...(await h.body('SBERRUB', 'USDTTRC20', '10000', { email, promocode: code })),
        toSumma: receiveFor(priced, '10000'),
      })),
    );
  }

  it('a one-time code used by 20 customers at once succeeds once', async () => {
    await t.services.promocodes.create({ code: 'ONCE', discountPercent: '1', maxUses: 1, perCustomer: null });
    const bodies = await payloads(
      'ONCE',
      '1',
      Array.from({ length: 20 }, (_, i) => `once-${i}@example.com`),
    );
    const answers = await Promise.all(bodies.map((b) => h.create(b)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    const [row] = await t.database.db.select().from(promocodes).where(eq(promocodes.code, 'ONCE'));
    expect(row?.usesCount).toBe(1);
    const withCode = await t.database.db.select().from(claims).where(eq(claims.promocode, 'ONCE'));
    expect(withCode).toHaveLength(1);
  });

  it('a once-per-customer code used by one customer in 10 parallel claims succeeds once', async () => {
    await t.services.promocodes.create({ code: 'PERONE', discountPercent: '1', perCustomer: 1 });
    const bodies = await payloads(
      'PERONE',
      '1',
      Array.from({ length: 10 }, () => 'same@example.com'),
    );
    const answers = await Promise.all(bodies.map((b) => h.create(b)));
    expect(answers.map((a) => a.statusCode).filter((c) => c === 201)).toHaveLength(1);
    const [row] = await t.database.db.select().from(promocodes).where(eq(promocodes.code, 'PERONE'));
    expect(row?.usesCount).toBe(1);
  });
});
