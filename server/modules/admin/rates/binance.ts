import Big from 'big.js';

/**
 * Binance `GET /api/v3/ticker/price`: a JSON array of `{symbol, price}` (price a decimal string, quote per base).
 * Symbols are the exchange's own ('USDTRUB'); a direction names one as 'binance:USDTRUB'.
 */
export function parseBinance(body: string): Map<string, string> {
  const data: unknown = JSON.parse(body);
  if (!Array.isArray(data)) throw new Error('binance: expected an array');
  const rates = new Map<string, string>();
  for (const item of data as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { symbol, price } = item as { symbol?: unknown; price?: unknown };
    if (typeof symbol !== 'string' || typeof price !== 'string') continue;
    const rate = positive(price);
    if (rate) rates.set(symbol.toUpperCase(), rate);
  }
  if (rates.size === 0) throw new Error('binance: no prices');
  return rates;
}

/** A positive decimal as a plain string, or null (a zero or garbage price is never a course). */
export function positive(value: string): string | null {
  try {
    const b = new Big(value.trim());
    return b.gt(0) ? b.toFixed() : null;
  } catch {
    return null;
  }
}
