import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clampSend, fromMin, receiveFor } from '../../../shared/exchange/calculator.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';

type List = { results: { id: number; code: string }[] };

/**
 * Issue 3's promise to a newcomer: every demo pair can be exchanged end to end. For each direction the calculator
 * offers: the pair's settings, a claim at its smallest amount with the inputs' own examples as requisites, the claim's
 * pages, and "I have paid" — alternately in ru and en.
 */
describe('every demo pair, end to end through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('takes a claim on each direction and lets the customer confirm it', async () => {
    const senders = ((await t.inject('/api/v1/calculator/from/')).json() as List).results;
    const failures: string[] = [];
    let pairs = 0;
    for (const from of senders) {
      const receivers = ((await t.inject(`/api/v1/calculator/from/${from.id}/`)).json() as List).results;
      for (const to of receivers) {
        const prefix = pairs++ % 2 ? '/en' : '';
        const p = (await t.inject(`${prefix}/api/v1/calculator/pair/${from.id}/${to.id}/`)).json() as PairSettings;
        const fromSumma = clampSend(p, fromMin(p)?.toString() ?? '1');
        const requisites = (side: 'from' | 'to') =>
          Object.fromEntries(p.structure[side].inputs.filter((i) => i.visible).map((i) => [i.name, i.example]));
        const res = await t.inject({
          method: 'POST',
          url: `${prefix}/api/v1/claim/`,
          payload: {
            email: 'demo@example.com',
            fromPs: from.id,
            toPs: to.id,
            fromSumma,
            toSumma: receiveFor(p, fromSumma),
            fromRequisites: requisites('from'),
            toRequisites: requisites('to'),
            recaptcha: '',
          },
        });
        if (res.statusCode !== 201) {
          failures.push(`${from.code} -> ${to.code}: ${res.statusCode} ${res.body}`);
          continue;
        }
        const { uuid } = res.json() as { uuid: string };
        for (const part of ['form', 'requisite', 'status']) {
          const read = await t.inject(`${prefix}/api/v1/claim/${uuid}/${part}/`);
          if (read.statusCode !== 200) failures.push(`${from.code} -> ${to.code}: ${part} ${read.statusCode}`);
        }
        const confirm = await t.inject({ method: 'POST', url: `${prefix}/api/v1/claim/${uuid}/confirm/` });
        if (confirm.statusCode !== 200) failures.push(`${from.code} -> ${to.code}: confirm ${confirm.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // The demo promise (docs/architecture.md): at least 30 directions.
    expect(pairs).toBeGreaterThanOrEqual(30);
  });
});
