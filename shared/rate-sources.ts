/**
 * The rate sources a direction may be priced from, one list (docs/admin/rates.md): the direction's `rateSource`
 * validation, the console's source filter, the server's parsers and its configured URLs all follow it. A direction
 * names a source and that source's own symbol: 'binance:USDTRUB', 'cbr:USD', 'ecb:USD'. No zod here.
 */
export const rateSourceNames = ['binance', 'cbr', 'ecb'] as const;
export type RateSourceName = (typeof rateSourceNames)[number];

/** What a direction's `rateSource` must look like: a known source, a colon, the symbol in capitals. */
export const rateSourcePattern = new RegExp(`^(${rateSourceNames.join('|')}):[A-Z0-9]{2,20}$`);

/** 'cbr:USD' -> ['cbr', 'USD'], or null for a name no source reads. */
export function splitRateSource(rateSource: string): [RateSourceName, string] | null {
  const m = /^([a-z]+):([A-Za-z0-9]+)$/.exec(rateSource.trim());
  if (!m || !(rateSourceNames as readonly string[]).includes(m[1]!)) return null;
  return [m[1] as RateSourceName, m[2]!.toUpperCase()];
}
