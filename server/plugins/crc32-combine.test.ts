import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Combine } from './crc32-combine.ts';

describe('crc32Combine', () => {
  it('gives the CRC-32 of two byte runs one after the other, as zlib runs it over both', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.uint8Array({ maxLength: 600 }), (a, b) => {
        const whole = crc32(Buffer.concat([a, b]));
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(whole);
      }),
    );
  });

  it('combines a page-sized run with a short one in either order', () => {
    const page = Buffer.alloc(100_000, 'Обмен ₽ → € ');
    const email = Buffer.from('ann@obmen.test');
    expect(crc32Combine(crc32(page), crc32(email), email.length)).toBe(crc32(Buffer.concat([page, email])));
    expect(crc32Combine(crc32(email), crc32(page), page.length)).toBe(crc32(Buffer.concat([email, page])));
    // An empty second run leaves the first's CRC as it is.
    expect(crc32Combine(crc32(page), 0, 0)).toBe(crc32(page));
  });

  it('chains over many seams as joinedGzip does', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 200 }), { minLength: 1, maxLength: 8 }), (runs) => {
        let crc = crc32(runs[0]!);
        for (const run of runs.slice(1)) crc = crc32Combine(crc, crc32(run), run.length);
        expect(crc).toBe(crc32(Buffer.concat(runs)));
      }),
    );
  });
});
