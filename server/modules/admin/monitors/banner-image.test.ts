import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bannerTypeOf } from './banner-image.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/images/${name}`, import.meta.url));
/** Real images, as an operator uploads them: a 1x1 PNG and GIF, a 2x1 JPEG and WebP (Chromium's encoders). */
const images = {
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  'image/gif': Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64'),
  'image/jpeg': fixture('red-2x1.jpg'),
  'image/webp': fixture('red-2x1.webp'),
};

describe('a banner’s type, by its bytes', () => {
  it('knows a whole image of each accepted format', () => {
    for (const [type, data] of Object.entries(images)) expect(bannerTypeOf(data), type).toBe(type);
  });

  it('refuses a signature alone, an image cut short, and one that says it has no size', () => {
    for (const [type, data] of Object.entries(images)) {
      expect(bannerTypeOf(data.subarray(0, 8)), `${type}: signature`).toBeNull();
      expect(bannerTypeOf(data.subarray(0, data.length - 3)), `${type}: cut`).toBeNull();
    }
    // Width 0 in the PNG's header and in the GIF's screen descriptor.
    const png = Buffer.from(images['image/png']);
    png.writeUInt32BE(0, 16);
    expect(bannerTypeOf(png)).toBeNull();
    const gif = Buffer.from(images['image/gif']);
    gif.writeUInt16LE(0, 6);
    expect(bannerTypeOf(gif)).toBeNull();
  });

  it('refuses what only dresses as an image', () => {
    expect(bannerTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    const page = Buffer.concat([images['image/png'].subarray(0, 8), Buffer.from('<html><script>1</script>')]);
    expect(bannerTypeOf(page)).toBeNull();
  });
});
