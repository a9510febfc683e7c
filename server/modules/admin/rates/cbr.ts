import Big from 'big.js';

/**
 * The Central Bank of Russia's `XML_daily.asp`: windows-1251 XML, one `<Valute>` per currency with `<CharCode>`,
 * `<Nominal>` and `<Value>` (comma decimals) — roubles per `Nominal` units. The rate kept is RUB per one unit
 * ('cbr:USD' = 92.5058). The format is flat and stable, so a tolerant regex reads it without an XML dependency.
 */
export function parseCbr(body: Uint8Array | string): Map<string, string> {
  const text = typeof body === 'string' ? body : new TextDecoder('windows-1251').decode(body);
  const rates = new Map<string, string>();
  for (const [, valute] of text.matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)) {
    const code = tag(valute!, 'CharCode');
    const nominal = tag(valute!, 'Nominal');
    const value = tag(valute!, 'Value');
    if (!code || !nominal || !value) continue;
    try {
      const n = new Big(nominal.replace(',', '.'));
      const v = new Big(value.replace(',', '.'));
      if (n.gt(0) && v.gt(0)) rates.set(code.toUpperCase(), v.div(n).toFixed());
    } catch {
      // A malformed entry is skipped; the others still count.
    }
  }
  if (rates.size === 0) throw new Error('cbr: no <Valute> rates');
  return rates;
}

function tag(xml: string, name: string): string | null {
  const m = new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(xml);
  return m ? m[1]! : null;
}
