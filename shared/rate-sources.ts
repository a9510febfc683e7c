/**
 * The rate sources a direction may be priced from, one list (docs/admin/rates.md): the direction's `rateSource`
 * validation, the console's source filter, the server's parsers and its configured URLs all follow it. A direction
 * names a source and that source's own symbol: 'binance:USDTRUB', 'cbr:USD', 'ecb:USD'. No zod here.
 */
export const rateSourceNames = ['binance', 'cbr', 'ecb'] as const;
export type RateSourceName = (typeof rateSourceNames)[number];

/**
 * What a direction's `rateSource` must look like: a known source, a colon, the symbol in capitals. Pure: a page that
 * imports this module for `splitRateSource` (a claim's price breakdown) would otherwise build the unused pattern.
 */
export const rateSourcePattern = /* @__PURE__ */ new RegExp(`^(${rateSourceNames.join('|')}):[A-Z0-9]{2,20}$`);

/**
 * Symbols the console offers for each source (docs/admin/rates.md), with every symbol a direction already uses:
 * the operator picks one rather than typing it. Binance: its own pair names (base then quote); CBR: currencies
 * priced in roubles; ECB: currencies priced against the euro.
 */
const commonRateSymbols: Record<RateSourceName, readonly string[]> = {
  binance: [
    'BTCUSDT',
    'ETHUSDT',
    'LTCUSDT',
    'TRXUSDT',
    'TONUSDT',
    'BNBUSDT',
    'SOLUSDT',
    'XRPUSDT',
    'DOGEUSDT',
    'USDTRUB',
    'BTCRUB',
    'ETHRUB',
    'USDTTRY',
    'EURUSDT',
  ],
  cbr: ['USD', 'EUR', 'CNY', 'GBP', 'KZT', 'TRY', 'AED', 'BYN', 'UZS', 'AMD', 'GEL', 'KGS'],
  ecb: ['USD', 'GBP', 'CHF', 'CNY', 'TRY', 'PLN', 'CZK', 'SEK', 'NOK', 'JPY', 'CAD', 'AUD'],
};

/** The symbols to offer per source: the common ones and those of `used` rate sources ('binance:USDTRUB'), sorted. */
export function knownRateSymbols(used: readonly string[]): Record<RateSourceName, string[]> {
  const out = Object.fromEntries(rateSourceNames.map((s) => [s, new Set(commonRateSymbols[s])])) as Record<
    RateSourceName,
    Set<string>
  >;
  for (const name of used) {
    const parsed = splitRateSource(name);
    if (parsed) out[parsed[0]].add(parsed[1]);
  }
  return Object.fromEntries(rateSourceNames.map((s) => [s, [...out[s]].sort()])) as Record<RateSourceName, string[]>;
}

/** 'cbr:USD' -> ['cbr', 'USD'], or null for a name no source reads. */
export function splitRateSource(rateSource: string): [RateSourceName, string] | null {
  const m = /^([a-z]+):([A-Za-z0-9]+)$/.exec(rateSource.trim());
  if (!m || !(rateSourceNames as readonly string[]).includes(m[1]!)) return null;
  return [m[1] as RateSourceName, m[2]!.toUpperCase()];
}
