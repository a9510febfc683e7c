import { eq, sql } from 'drizzle-orm';
import { receiveFor } from '../../shared/exchange/calculator.ts';
import type { PairSettings } from '../../shared/schemas/exchange.ts';
import { claims } from '../../server/db/schema-exchange.ts';
import type { TestApp } from './build.ts';
import type { StaffUser } from './staff.ts';

type List = { results: { id: number; code: string }[] };

/** The claim `lateClaim` and `requotedClaim` make: SBERRUB to USDTTRC20, 10000 sent, by a guest, unless told. */
export interface ClaimOptions {
  from?: string;
  to?: string;
  amount?: string;
  /** The request's headers (a customer's bearer: the claim is theirs, at their own course). */
  headers?: Record<string, string>;
  /** More of the claim's body (a promocode and the amount it gives). */
  extra?: Record<string, unknown>;
}

/**
 * Helpers over one app: currency ids by code, pair settings, a valid claim body for a pair, and claims made through
 * the API and taken along the after-the-claim steps (past the deadline, paid late, re-quoted).
 */
export function claimHelpers(t: TestApp) {
  let ids: Map<string, number> | null = null;
  const id = async (code: string) => {
    ids ??= new Map(((await t.inject('/api/v1/calculator/')).json() as List).results.map((c) => [c.code, c.id]));
    return ids.get(code)!;
  };
  /** The pair as the caller sees it (with a bearer header, the customer's own course). */
  const pair = async (from: string, to: string, headers: Record<string, string> = {}) =>
    (
      await t.inject({ url: `/api/v1/calculator/pair/${await id(from)}/${await id(to)}/`, headers })
    ).json() as PairSettings;
  /** A claim body that passes: amounts by the pair's own course, requisites from the examples. */
  const body = async (
    from: string,
    to: string,
    fromSumma: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => {
    const p = await pair(from, to, headers);
    const req = (side: 'from' | 'to') =>
      Object.fromEntries(p.structure[side].inputs.filter((i) => i.visible).map((i) => [i.name, i.example]));
    return {
      email: 'Anna@Example.com',
      fromPs: p.fromCurrencyId,
      toPs: p.toCurrencyId,
      fromSumma,
      toSumma: receiveFor(p, fromSumma),
      fromRequisites: req('from'),
      toRequisites: req('to'),
      recaptcha: '',
      ...extra,
    };
  };
  const create = (payload: unknown, headers: Record<string, string> = {}, prefix = '') =>
    t.inject({ method: 'POST', url: `${prefix}/api/v1/claim/`, payload: payload as object, headers });
  /** Creates a claim of `fromSumma` through the API and answers its uuid (fails the test on anything but 201). */
  const created = async (
    from: string,
    to: string,
    fromSumma: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => {
    const res = await create(await body(from, to, fromSumma, extra, headers), headers);
    if (res.statusCode !== 201) throw new Error(`claim not created: ${res.statusCode} ${res.body}`);
    return (res.json() as { uuid: string }).uuid;
  };
  /** The payment window passes; not swept yet, the claim reads as expired (docs/product/claims.md, Payment window). */
  const pastDeadline = (uuid: string) =>
    t.database.db
      .update(claims)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(claims.id, uuid));
  /** A claim of `email` past its deadline that the customer reported paid late, with `late` (txid, comment). */
  const lateClaim = async (email: string, late: Record<string, unknown> = {}, opts: ClaimOptions = {}) => {
    const uuid = await created(
      opts.from ?? 'SBERRUB',
      opts.to ?? 'USDTTRC20',
      opts.amount ?? '10000',
      { email, ...opts.extra },
      opts.headers,
    );
    await pastDeadline(uuid);
    const res = await t.inject({ method: 'POST', url: `/api/v1/claim/${uuid}/late/`, payload: late });
    if (res.statusCode !== 200) throw new Error(`late payment not reported: ${res.statusCode} ${res.body}`);
    return uuid;
  };
  /** A late claim (`lateClaim`) that `operator` re-quoted in the console: its offer awaits the customer. */
  const requotedClaim = async (
    operator: Pick<StaffUser, 'inject'>,
    email: string,
    opts: ClaimOptions & { late?: Record<string, unknown> } = {},
  ) => {
    const uuid = await lateClaim(email, opts.late, opts);
    const res = await operator.inject({
      method: 'POST',
      url: `/api/v1/admin/claims/${uuid}/requote/`,
      payload: { expected: 'late_payment' },
    });
    if (res.statusCode !== 200) throw new Error(`claim not re-quoted: ${res.statusCode} ${res.body}`);
    return uuid;
  };
  return { id, pair, body, create, created, pastDeadline, lateClaim, requotedClaim };
}
