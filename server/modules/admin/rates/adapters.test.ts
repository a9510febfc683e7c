import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBinance } from './binance.ts';
import { parseCbr } from './cbr.ts';
import { parseEcb } from './ecb.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/rates/${name}`, import.meta.url));

describe('rate source adapters (recorded fixtures)', () => {
  it('binance: ticker prices by symbol', () => {
    const rates = parseBinance(fixture('binance-ticker-price.json').toString('utf8'));
    expect(rates.get('USDTRUB')).toBe('101.37');
    expect(rates.get('BTCUSDT')).toBe('97312.45');
    expect(() => parseBinance('{"code":-1121}')).toThrow();
  });

  it('cbr: windows-1251, comma decimals, divided by Nominal', () => {
    const rates = parseCbr(fixture('cbr-xml-daily.xml'));
    expect(rates.get('USD')).toBe('92.5058');
    expect(rates.get('EUR')).toBe('100.3221');
    expect(rates.get('KZT')).toBe('0.186349');
    expect(() => parseCbr('<html>maintenance</html>')).toThrow();
  });

  it('ecb: currency per euro', () => {
    const rates = parseEcb(fixture('ecb-eurofxref-daily.xml').toString('utf8'));
    expect(rates.get('USD')).toBe('1.0845');
    expect(rates.get('JPY')).toBe('162.42');
    expect(rates.has('EUR')).toBe(false);
  });
});
