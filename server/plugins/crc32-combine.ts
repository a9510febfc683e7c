/**
 * The CRC-32 of two byte runs one after the other, from the CRC of each and the second one's length, without reading
 * the bytes again: zlib's `crc32_combine` (its algorithm since 1.2.12, by polynomial multiplication modulo the CRC's
 * polynomial). Node exposes `zlib.crc32` but not the combination.
 *
 * Why: a page sent as gzip from pieces compressed once (docs/decisions/0034, 0036) still needs the CRC-32 of the whole
 * page in its trailer. Running the CRC over ~100 KB on every answer was ~5 % of a logged-in customer's page from the
 * cache (docs/performance.md, "Customers' pages"); the pieces' CRCs are known once, and combining costs a few dozen
 * word operations per seam.
 */

/** The CRC-32 polynomial, reflected (bit 0 is the highest power). */
const POLY = 0xedb88320;

/** a(x) * b(x) modulo the polynomial; both reflected, as a CRC is. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial for k = 0..31: the squares that x^n is built of. */
const x2nTable: number[] = [];
{
  let p = 0x40000000; // x^1
  x2nTable.push(p);
  for (let k = 1; k < 32; k++) x2nTable.push((p = multModP(p, p)));
}

/** x^(n * 2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n > 0) {
    if (n % 2 === 1) p = multModP(x2nTable[k & 31]!, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p;
}

/** The CRC-32 of A followed by B, given the CRC-32 of A, of B, and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  // Appending B's bytes shifts A's remainder by 8 * lengthB bits: x^(lengthB * 2^3).
  return (multModP(x2nModP(lengthB, 3), crcA >>> 0) ^ crcB) >>> 0;
}
