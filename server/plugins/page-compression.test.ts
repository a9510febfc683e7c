import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './page-compression.ts';

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
  });

  it('honours q-values, including a refusal with q=0', () => {
    expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*;q=0, identity')).toBeNull();
    expect(negotiateEncoding('gzip;q=0.5, *;q=0.1')).toBe('br');
  });

  it('sends plain bytes when nothing or only unknown encodings are offered', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate, zstd')).toBeNull();
  });
});
