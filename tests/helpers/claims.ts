import { receiveFor } from '../../shared/exchange/calculator.ts';
import type { PairSettings } from '../../shared/schemas/exchange.ts';
import type { TestApp } from './build.ts';

type List = { results: { id: number; code: string }[] };

/** Helpers over one app: currency ids by code, pair settings, a valid claim body for a pair. */
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
  return { id, pair, body, create, created };
}
