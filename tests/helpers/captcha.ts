import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { TestApp } from './build.ts';

/** What the altcha widget puts into a form: base64 of the challenge and its solution. */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  const { codeChallenge: _none, ...rest } = challenge;
  return Buffer.from(JSON.stringify({ challenge: rest, solution })).toString('base64');
}

/** A fresh challenge of the app (CAPTCHA_PROVIDER=altcha), solved. */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = await t.inject({ method: 'GET', url: '/api/v1/claim/captcha-challenge/' });
  return solveAltcha(challenge.json<Challenge>());
}
