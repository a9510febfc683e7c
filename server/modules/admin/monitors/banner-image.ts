import type { BannerType } from '../../../../shared/schemas/admin-monitors.ts';

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
const endsWith = (data: Buffer, bytes: number[]) => startsWith(data, bytes, data.length - bytes.length);

/**
 * The image type the bytes themselves are, or null for anything else (an SVG, HTML, a script named .png). The
 * declared Content-Type is not trusted: the type we serve a banner with is the one its bytes prove. A signature alone
 * proves nothing: eight bytes of PNG signature were once taken, and every page's footer showed a broken image. So the
 * image must also say its size (width and height above zero) where its format puts it, and end where its format ends
 * (a PNG's IEND, a GIF's trailer, a JPEG's end marker, a WebP's RIFF length): a cut-off upload is refused too.
 * No decoder runs here: the browser decodes, and what it is given is at least a whole image of a known size.
 */
export function bannerTypeOf(data: Buffer): BannerType | null {
  if (isPng(data)) return 'image/png';
  if (isJpeg(data)) return 'image/jpeg';
  if (isGif(data)) return 'image/gif';
  if (isWebp(data)) return 'image/webp';
  return null;
}

/** Signature, then the IHDR chunk first (width, height), and the IEND chunk last. */
function isPng(data: Buffer): boolean {
  if (!startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || data.length < 8 + 25 + 12) return false;
  if (data.readUInt32BE(8) !== 13 || data.toString('latin1', 12, 16) !== 'IHDR') return false;
  if (data.readUInt32BE(16) === 0 || data.readUInt32BE(20) === 0) return false;
  return endsWith(data, [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
}

/** "GIF87a"/"GIF89a", the logical screen's width and height, and the trailer byte last. */
function isGif(data: Buffer): boolean {
  if (!startsWith(data, [0x47, 0x49, 0x46, 0x38]) || !(data[4] === 0x37 || data[4] === 0x39) || data[5] !== 0x61)
    return false;
  if (data.length < 14 || data.readUInt16LE(6) === 0 || data.readUInt16LE(8) === 0) return false;
  return data[data.length - 1] === 0x3b;
}

/** "RIFF" with the file's own length, "WEBP", and one of the three kinds of image chunk. */
function isWebp(data: Buffer): boolean {
  if (!startsWith(data, [0x52, 0x49, 0x46, 0x46]) || !startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return false;
  if (data.length < 30 || data.readUInt32LE(4) + 8 !== data.length) return false;
  return ['VP8 ', 'VP8L', 'VP8X'].includes(data.toString('latin1', 12, 16));
}

/**
 * Start and end markers, and a frame header (SOFn) with its height and width above zero, found by walking the
 * segments before the image data as a decoder does.
 */
function isJpeg(data: Buffer): boolean {
  if (!startsWith(data, [0xff, 0xd8, 0xff]) || !endsWith(data, [0xff, 0xd9])) return false;
  let at = 2;
  while (at + 4 <= data.length && data[at] === 0xff) {
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // a fill byte before a marker
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return false;
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): precision, height, width, components.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return at + 9 <= data.length && data.readUInt16BE(at + 5) > 0 && data.readUInt16BE(at + 7) > 0;
    }
    // The scan starts before any frame header: not an image a browser draws.
    if (marker === 0xda) return false;
    at += 2 + length;
  }
  return false;
}
