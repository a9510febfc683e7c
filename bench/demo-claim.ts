import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { receiveFor } from '../shared/exchange/calculator.ts';
import type { PairSettings } from '../shared/schemas/exchange.ts';

/** A JSON answer of the site at `base`; anything but 2xx throws with its status and body. */
export async function apiJson<T>(base: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A claim on a running site with demo data, created through the public API as the calculator does: the pair's own
 * example requisites, the amount received computed as the form does, and the site's captcha solved like the widget
 * when the site asks for one. `prefix` '/en' makes it an English claim. Answers its uuid and both amounts.
 * Here rather than in tests/ so that the measuring scripts use it without test setup; the e2e journeys use it too.
 */
export async function createApiClaim(base: string, from: string, to: string, fromSumma: string, prefix = '') {
  const json = <T>(path: string, init?: RequestInit) => apiJson<T>(base, path, init);
  const list = await json<{ results: { id: number; code: string }[] }>('/api/v1/calculator/');
  const id = (code: string) => {
    const found = list.results.find((c) => c.code === code);
    if (!found) throw new Error(`no demo currency ${code}`);
    return found.id;
  };
  const pair = await json<PairSettings>(`/api/v1/calculator/pair/${id(from)}/${id(to)}/`);
  const requisites = (side: 'from' | 'to') =>
    Object.fromEntries(pair.structure[side].inputs.filter((i) => i.visible).map((i) => [i.name, i.example]));
  const toSumma = receiveFor(pair, fromSumma);
  const { uuid } = await json<{ uuid: string }>(`${prefix}/api/v1/claim/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'anna@example.com',
      fromPs: id(from),
      toPs: id(to),
      fromSumma,
      toSumma,
      fromRequisites: requisites('from'),
      toRequisites: requisites('to'),
      recaptcha: await captchaProof(json),
    }),
  });
  return { uuid, fromSumma, toSumma };
}

/**
 * The claim page's address for the measuring scripts (bench/run.ts, scripts/lighthouse.ts), which start a fresh
 * server and so have no claim to point at.
 */
export async function createDemoClaim(base: string, from = 'USDTTRC20', to = 'SBERRUB', fromSumma = '100') {
  return (await createApiClaim(base, from, to, fromSumma)).uuid;
}

/** The `recaptcha` value the claim form would send: an altcha solution when the site asks for one, else nothing. */
async function captchaProof(json: <T>(path: string) => Promise<T>): Promise<string> {
  const check = await json<{ provider: string; challengeUrl: string | null }>('/api/v1/claim/captchacheck');
  if (check.provider !== 'altcha' || !check.challengeUrl) return '';
  const challenge = await json<Challenge>(check.challengeUrl);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('altcha challenge not solved');
  const { codeChallenge: _none, ...rest } = challenge;
  return Buffer.from(JSON.stringify({ challenge: rest, solution })).toString('base64');
}
