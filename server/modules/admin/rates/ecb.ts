import { positive } from './binance.ts';

/**
 * The ECB's `eurofxref-daily.xml`: `<Cube currency='USD' rate='1.0845'/>`, units of the currency per one euro
 * ('ecb:USD' = 1.0845). Either quote style is accepted.
 */
export function parseEcb(body: string): Map<string, string> {
  const rates = new Map<string, string>();
  for (const [, currency, rate] of body.matchAll(/<Cube\s+currency=["']([A-Za-z]{3})["']\s+rate=["']([^"']+)["']/g)) {
    const r = positive(rate!);
    if (r) rates.set(currency!.toUpperCase(), r);
  }
  if (rates.size === 0) throw new Error('ecb: no <Cube currency rate> entries');
  return rates;
}
