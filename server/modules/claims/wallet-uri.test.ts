import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clampSend, fromMin } from '../../../shared/exchange/calculator.ts';
import { toBaseUnits } from '../../../shared/exchange/wallet-uri.ts';
import { build, type TestApp } from '../../../tests/helpers/build.ts';
import { claimHelpers as helpers } from '../../../tests/helpers/claims.ts';

type Requisite = {
  amount: string;
  details: { value: string; memo: string | null; uri: string | null };
};

/** The wallet link of a crypto pay-in (GET /claim/{id}/requisite/ `details.uri`), on the demo's own currencies. */
describe('the requisite answer carries a wallet link', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    h = helpers(t);
  });
  afterAll(() => t.close());

  /** A claim at the pair's smallest amount, read back in the given language. */
  const requisite = async (from: string, to: string, prefix = '') => {
    const fromSumma = clampSend(await h.pair(from, to), fromMin(await h.pair(from, to))?.toString() ?? '1');
    const uuid = await h.created(from, to, fromSumma);
    const res = await t.inject(`${prefix}/api/v1/claim/${uuid}/requisite/`);
    expect(res.statusCode).toBe(200);
    return res.json() as Requisite;
  };

  it('BIP21 for Bitcoin: the address and the amount in BTC', async () => {
    const r = await requisite('BTC', 'SBERRUB');
    expect(r.details.uri).toBe(`bitcoin:${r.details.value}?amount=${r.amount}`);
  });

  it('EIP-681 transfer for USDT ERC-20: the Tether contract, the amount in its 6-decimal units', async () => {
    const r = await requisite('USDTERC20', 'SBERRUB', '/en');
    expect(r.details.uri).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${r.details.value}&uint256=${toBaseUnits(r.amount, 6)}`,
    );
  });

  it("TON's transfer link with the memo the payment is matched by", async () => {
    const r = await requisite('TON', 'TCSBRUB');
    expect(r.details.memo).toMatch(/^\d+$/);
    expect(r.details.uri).toBe(
      `ton://transfer/${r.details.value}?amount=${toBaseUnits(r.amount, 9)}&text=${r.details.memo}`,
    );
  });

  it('null for a card, and for TRON, which has no standard wallets agree on', async () => {
    expect((await requisite('SBERRUB', 'USDTTRC20')).details.uri).toBeNull();
    expect((await requisite('USDTTRC20', 'SBERRUB', '/en')).details.uri).toBeNull();
  });
});
