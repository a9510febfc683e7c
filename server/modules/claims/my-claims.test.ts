import Big from 'big.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { claims } from '../../db/schema-exchange.ts';
import { activeUser, bearer, login, mailsTo, tokenIn } from '../../../tests/helpers/accounts.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { staffUser } from '../../../tests/helpers/staff.ts';

type Page = {
  count: number;
  next: string | null;
  previous: string | null;
  results: {
    uuid: string;
    number: string;
    status: string;
    sameTerms: boolean;
    offerLapsed: boolean;
    from: { code: string; name: string; amount: string };
    to: { code: string };
  }[];
};

describe('GET /api/v1/users/me/claims/', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let mine: Record<string, string>;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false', PUBLIC_URL: 'https://obmen.example' } });
    h = claimHelpers(t);
    await activeUser(t, 'orders-owner@example.com');
    await activeUser(t, 'orders-other@example.com');
    owner = (await login(t, 'orders-owner@example.com', 'correct horse battery')).access;
    other = (await login(t, 'orders-other@example.com', 'correct horse battery')).access;
    const as = bearer(owner);
    mine = {
      first: await h.created('SBERRUB', 'USDTTRC20', '10000', {}, as),
      paid: await h.created('SBERRUB', 'BTC', '50000', {}, as),
      late: await h.created('USDTTRC20', 'SBERRUB', '100', {}, as),
    };
    await t.services.claims.confirm(mine.paid!);
    // Past its deadline but not swept yet: reads as expired.
    await h.pastDeadline(mine.late!);
    await h.created('SBERRUB', 'USDTTRC20', '20000', {}, bearer(other));
    await h.created('SBERRUB', 'USDTTRC20', '30000');
  });
  afterAll(() => t.close());

  const list = (q = '', access = owner, prefix = '') =>
    t.inject({ url: `${prefix}/api/v1/users/me/claims/${q}`, headers: bearer(access) });

  it('a guest claim made with the e-mail joins the account once the address is proven by its activation link', async () => {
    const email = 'came-back@example.com';
    // Made as a guest, with the address written in another case; another guest's claim stays theirs.
    const before = await h.created('SBERRUB', 'USDTTRC20', '15000', { email: 'Came-Back@Example.com' });
    const someoneElse = await h.created('SBERRUB', 'USDTTRC20', '16000', { email: 'someone-else@example.com' });
    await t.services.users.signup({ email, password: 'correct horse battery', refferal: null }, 'ru');
    const token = tokenIn((await mailsTo(t, email)).at(-1)!.text, /\/activate\/([\w-]+)/);
    // Not before the address is proven: a sign-up alone with someone's e-mail sees nothing of theirs.
    const [unproven] = await t.database.db.select().from(claims).where(eq(claims.id, before));
    expect(unproven!.userId).toBeNull();
    expect((await t.inject({ method: 'POST', url: `/api/v1/users/activate/${token}/` })).statusCode).toBeLessThan(300);
    const access = (await login(t, email, 'correct horse battery')).access;
    const page = (await list('', access)).json() as Page;
    expect(page.results.map((r) => r.uuid)).toEqual([before]);
    const [kept] = await t.database.db.select().from(claims).where(eq(claims.id, someoneElse));
    expect(kept!.userId).toBeNull();
  });

  it('answers 401 to a guest', async () => {
    expect((await t.inject('/api/v1/users/me/claims/')).statusCode).toBe(401);
  });

  it("lists only the customer's own claims, newest first, with number, pair, amounts and status", async () => {
    const page = (await list()).json() as Page;
    expect(page.count).toBe(3);
    expect(page.results.map((r) => r.uuid)).toEqual([mine.late, mine.paid, mine.first]);
    expect(page.results.map((r) => r.status)).toEqual(['expired', 'paid', 'new']);
    const first = page.results[2]!;
    expect(first.number).toBe(mine.first!.slice(0, 8).toUpperCase());
    expect(first.from).toMatchObject({ code: 'SBERRUB', amount: '10000' });
    expect(first.to.code).toBe('USDTTRC20');
    const theirs = (await list('', other)).json() as Page;
    expect(theirs.count).toBe(1);
    expect(theirs.results.map((r) => r.uuid)).not.toContain(mine.first);
  });

  it('filters by status, pages DRF-style and names currencies in the locale', async () => {
    expect(((await list('?status=expired')).json() as Page).results.map((r) => r.uuid)).toEqual([mine.late]);
    expect(((await list('?status=new')).json() as Page).results.map((r) => r.uuid)).toEqual([mine.first]);
    expect((await list('?status=nonsense')).statusCode).toBe(400);
    const page = (await list('?size=2&status=')).json() as Page;
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('https://obmen.example/api/v1/users/me/claims/?');
    expect(page.next).toContain('page=2');
    expect((await list('?size=2&page=3')).statusCode).toBe(404);
    expect((await list('?size=1000')).statusCode).toBe(200);
    const ru = ((await list()).json() as Page).results[2]!.from.name;
    const en = ((await list('', owner, '/en')).json() as Page).results[2]!.from.name;
    expect(ru).not.toBe(en);
  });

  it('marks a re-quote on the claim’s own terms (named a confirmation, not a new rate); the status stays requoted', async () => {
    await activeUser(t, 'orders-offer@example.com');
    const access = (await login(t, 'orders-offer@example.com', 'correct horse battery')).access;
    // The rate has not moved since the claim was made: the offer is its own course and amount.
    const uuid = await h.requotedClaim(await staffUser(t, 'operator'), 'orders-offer@example.com', {
      headers: bearer(access),
    });
    await h.created('SBERRUB', 'USDTTRC20', '20000', {}, bearer(access));
    const rows = async () => ((await list('', access)).json() as Page).results;
    expect((await rows()).map((r) => [r.status, r.sameTerms])).toEqual([
      ['new', false],
      ['requoted', true],
    ]);
    // Another course for the same amount is a new rate.
    const [row] = await t.database.db.select().from(claims).where(eq(claims.id, uuid));
    await t.database.db
      .update(claims)
      .set({ offerCourse: new Big(row!.offerCourse!).times('1.01').toFixed(12) })
      .where(eq(claims.id, uuid));
    expect((await rows())[1]).toMatchObject({ status: 'requoted', sameTerms: false, offerLapsed: false });
    // Past its time the offer can no longer be accepted: the list names it lapsed, as the claim page does.
    await t.database.db
      .update(claims)
      .set({ offerValidUntil: new Date(Date.now() - 1_000) })
      .where(eq(claims.id, uuid));
    expect((await rows()).map((r) => [r.status, r.offerLapsed])).toEqual([
      ['new', false],
      ['requoted', true],
    ]);
  });
});
