import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, hasPostgres, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers } from '../../../tests/helpers/claims.ts';
import { activeUser, bearer, refreshCookie } from '../../../tests/helpers/accounts.ts';
import { userIdOf } from '../../../tests/helpers/referral.ts';
import { staffUser, type StaffUser } from '../../../tests/helpers/staff.ts';
import { referralFootprints } from '../../db/schema-referral.ts';

/**
 * The self-referral rule (docs/decisions/0017) on PostgreSQL: a partner earns nothing on a claim made from their own
 * account, with their own e-mail, from a browser (device cookie) or an address of their own sessions of the last 30
 * days. The claim itself goes through; the console says why it is not paid; the partner's balance and history leave
 * it out. A genuine referral from elsewhere is still paid.
 */
describe.skipIf(!hasPostgres)('self-referral on PostgreSQL (TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let h: ReturnType<typeof claimHelpers>;
  let operator: StaffUser;
  const password = 'correct horse battery';
  let seq = 0;
  /** Each partner and customer gets addresses and browsers of their own. */
  const ip = () => `198.51.100.${++seq}`;
  const device = () => `device-${String(++seq).padStart(15, '0')}`;

  beforeAll(async () => {
    t = await build({ ssr: false, postgres: true, env: { JOBS: 'false' } });
    h = claimHelpers(t);
    operator = await staffUser(t, 'operator');
  });
  afterAll(() => t.close());

  /** A partner logged in from `where`: the login records that browser and address as theirs. */
  async function partner(where: { ip: string; device: string }) {
    const email = `partner-${++seq}@example.com`;
    await activeUser(t, email, password);
    const res = await t.inject({
      method: 'POST',
      url: '/front-api/auth/login/',
      payload: { email, password, remember: false },
      remoteAddress: where.ip,
      cookies: { did: where.device },
    });
    expect(res.statusCode).toBe(200);
    const access = res.json<{ access: string }>().access;
    const { code } = (await t.inject({ url: '/api/v1/users/me/refferal/', headers: bearer(access) })).json<{
      code: string;
    }>();
    return { email, access, code, id: await userIdOf(t, email), refresh: refreshCookie(res)! };
  }

  /** A claim from `where` (its address, its device cookie), completed by the operator; answers its uuid. */
  async function completedClaim(
    where: { ip: string; device?: string },
    extra: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/claim/',
      payload: await h.body('SBERRUB', 'USDTTRC20', '50000', extra, headers),
      headers,
      remoteAddress: where.ip,
      ...(where.device ? { cookies: { did: where.device } } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { uuid } = res.json<{ uuid: string }>();
    await t.services.claims.confirm(uuid);
    const done = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/claims/${uuid}/complete/`,
      payload: { expected: 'paid', reference: 'TX-SELF' },
    });
    expect(done.statusCode, done.body).toBe(200);
    return uuid;
  }

  /** What the console shows of the claim's referral, and what the partner has. */
  async function outcome(uuid: string, p: { access: string; id: number }) {
    const claim = (await operator.inject({ url: `/api/v1/admin/claims/${uuid}/` })).json<{
      status: string;
      accrual: { partner: string; amount: string } | null;
      selfReferral: { partner: string; reason: string } | null;
      partner: string | null;
    }>();
    const summary = (await t.inject({ url: '/api/v1/users/me/refferal/', headers: bearer(p.access) })).json<{
      balance: string;
    }>();
    const history = (await t.inject({ url: '/api/v1/users/me/refferal/dw/', headers: bearer(p.access) })).json<{
      count: number;
    }>();
    return { claim, balance: summary.balance, history: history.count };
  }

  const unpaid = (reason: string, email: string) => ({
    status: 'completed',
    accrual: null,
    selfReferral: { partner: email, reason },
    // A self-referral credits nobody: the console's Complete form names no partner.
    partner: null,
  });

  it('a genuine referral from another browser, address and e-mail is paid, and shows no refusal', async () => {
    const p = await partner({ ip: ip(), device: device() });
    const uuid = await completedClaim(
      { ip: ip(), device: device() },
      { refferal: p.code, email: 'friend@example.com' },
    );
    const o = await outcome(uuid, p);
    expect(o.claim.selfReferral).toBeNull();
    // The partner the completion credits, named before and after it.
    expect(o.claim.partner).toBe(p.email);
    expect(o.claim.accrual?.partner).toBe(p.email);
    expect(Number(o.balance)).toBeGreaterThan(0);
    expect(o.history).toBe(1);
  });

  it("a claim from the partner's own account is not paid", async () => {
    const p = await partner({ ip: ip(), device: device() });
    const uuid = await completedClaim(
      { ip: ip(), device: device() },
      { refferal: p.code, email: p.email },
      bearer(p.access),
    );
    const o = await outcome(uuid, p);
    expect(o.claim).toMatchObject(unpaid('own_account', p.email));
    expect(o).toMatchObject({ balance: '0.00', history: 0 });
  });

  it("a guest claim with the partner's own e-mail, in another spelling of the same mailbox, is not paid", async () => {
    const p = await partner({ ip: ip(), device: device() });
    const [name] = p.email.split('@');
    const uuid = await completedClaim(
      { ip: ip(), device: device() },
      { refferal: p.code, email: `${name!.toUpperCase()}+promo@Example.com` },
    );
    const o = await outcome(uuid, p);
    expect(o.claim).toMatchObject(unpaid('own_email', p.email));
    expect(o).toMatchObject({ balance: '0.00', history: 0 });
  });

  it('a claim from the browser the partner logged in from is not paid, whatever the e-mail and address', async () => {
    const browser = device();
    const p = await partner({ ip: ip(), device: browser });
    const uuid = await completedClaim(
      { ip: ip(), device: browser },
      { refferal: p.code, email: 'someone@example.com' },
    );
    const o = await outcome(uuid, p);
    expect(o.claim).toMatchObject(unpaid('same_device', p.email));
    expect(o).toMatchObject({ balance: '0.00', history: 0 });
  });

  it("a claim from the partner's address is not paid, from a fresh browser or none; a refresh counts as a session", async () => {
    const p = await partner({ ip: ip(), device: device() });
    // The partner's session goes on from another address (a token refresh there): that address is theirs too.
    const elsewhere = ip();
    const refreshed = await t.inject({
      method: 'POST',
      url: '/front-api/auth/refresh/',
      cookies: { refreshToken: p.refresh },
      remoteAddress: elsewhere,
    });
    expect(refreshed.statusCode).toBe(200);
    const fresh = await completedClaim(
      { ip: elsewhere, device: device() },
      { refferal: p.code, email: 'a@example.com' },
    );
    const scripted = await completedClaim({ ip: elsewhere }, { refferal: p.code, email: 'b@example.com' });
    for (const uuid of [fresh, scripted]) {
      expect((await outcome(uuid, p)).claim).toMatchObject(unpaid('same_ip', p.email));
    }
    expect(await outcome(fresh, p)).toMatchObject({ balance: '0.00', history: 0 });
  });

  it('an IPv6 address counts by its /64 network', async () => {
    const p = await partner({ ip: '2001:db8:7:1::10', device: device() });
    const uuid = await completedClaim(
      { ip: '2001:0db8:0007:0001:abcd::99', device: device() },
      { refferal: p.code, email: 'v6@example.com' },
    );
    expect((await outcome(uuid, p)).claim).toMatchObject(unpaid('same_ip', p.email));
  });

  it("the partner's sessions older than 30 days no longer count", async () => {
    const where = { ip: ip(), device: device() };
    const p = await partner(where);
    await t.database.db
      .update(referralFootprints)
      .set({ lastSeenAt: sql`now() - interval '31 days'` })
      .where(eq(referralFootprints.userId, p.id));
    const uuid = await completedClaim(where, { refferal: p.code, email: 'later@example.com' });
    const o = await outcome(uuid, p);
    expect(o.claim.selfReferral).toBeNull();
    expect(o.claim.accrual?.partner).toBe(p.email);
    expect(o.history).toBe(1);
  });

  it("a customer who signed up with the partner's code and buys from the partner's browser earns the partner nothing", async () => {
    const browser = device();
    const p = await partner({ ip: ip(), device: browser });
    // The partner's second account, invited by their own code, logged in from a new address in the same browser.
    const email = `second-${++seq}@example.com`;
    await t.services.users.signup({ email, password, refferal: p.code }, 'ru');
    await t.services.users.settled();
    await t.database.db.execute(sql`update users set activated_at = now() where email = ${email}`);
    const second = await t.inject({
      method: 'POST',
      url: '/front-api/auth/login/',
      payload: { email, password, remember: false },
      remoteAddress: ip(),
      cookies: { did: browser },
    });
    const access = second.json<{ access: string }>().access;
    const uuid = await completedClaim({ ip: ip(), device: browser }, { email }, bearer(access));
    const o = await outcome(uuid, p);
    expect(o.claim).toMatchObject(unpaid('same_device', p.email));
    expect(o).toMatchObject({ balance: '0.00', history: 0 });
  });
});
