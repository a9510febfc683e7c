import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { receiveFor } from '../shared/exchange/calculator.ts';
import type { PairSettings } from '../shared/schemas/exchange.ts';

/**
 * A claim on a running site with demo data, created through the public API as the calculator does (solving the
 * site's captcha like the widget when the site asks for one): the claim page's address for the measuring scripts
 * (bench/run.ts, scripts/lighthouse.ts), which start a fresh server and so have no claim to point at.
 */
export async function createDemoClaim(base: string, from = 'USDTTRC20', to = 'SBERRUB', fromSumma = '100') {
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const res = await fetch(`${base}${path}`, init);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const list = await json<{ results: { id: number; code: string }[] }>('/api/v1/calculator/');
  const id = (code: string) => {
    const found = list.results.find((c) => c.code === code);
    if (!found) throw new Error(`no demo currency ${code}`);
    return found.id;
  };
  const pair = await json<PairSettings>(`/api/v1/calculator/pair/${id(from)}/${id(to)}/`);
  const requisites = (side: 'from' | 'to') =>
    Object.fromEntries(pair.structure[side].inputs.filter((i) => i.visible).map((i) => [i.name, i.example]));
  const { uuid } = await json<{ uuid: string }>('/api/v1/claim/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'anna@example.com',
      fromPs: id(from),
      toPs: id(to),
      fromSumma,
      toSumma: receiveFor(pair, fromSumma),
      fromRequisites: requisites('from'),
      toRequisites: requisites('to'),
      recaptcha: await captchaProof(json),
    }),
  });
  return uuid;
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
