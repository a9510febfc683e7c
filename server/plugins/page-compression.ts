import type { Readable } from 'node:stream';
import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { crc32Combine } from './crc32-combine.ts';

/**
 * Rendered pages (and React Router's data and manifest answers) compressed in one piece (docs/decisions/0010).
 *
 * Pages differ per request (the CSP nonce at least), so they cannot be compressed ahead like the assets. The whole
 * answer is collected and compressed in one call: a streaming compressor fed React's many small chunks through
 * zlib's thread pool ran /rules at ~40% of the plain throughput in a run; one call at brotli quality 4 with the size
 * known costs 1.1-1.5 ms for 100 KB. React flushes these pages in one go anyway (no Suspense streaming), so nothing is
 * held back.
 */

export type Encoding = 'br' | 'gzip';

/**
 * Which of our encodings an Accept-Encoding header accepts (q-values and `*` honoured). Remembered per header text:
 * browsers send a handful of them, and parsing one on every ready answer was ~3 % of its cost (docs/performance.md).
 * A client can send any text, so the memory is bounded: full, it starts again.
 */
function acceptedEncodings(header: string | undefined): Accepted {
  if (!header) return none;
  if (header.length > acceptedKeyMax) return parseAccepted(header);
  let accepted = acceptedBy.get(header);
  if (!accepted) {
    if (acceptedBy.size >= acceptedByMax) acceptedBy.clear();
    accepted = parseAccepted(header);
    acceptedBy.set(header, accepted);
  }
  return accepted;
}
type Accepted = Readonly<{ br: boolean; gzip: boolean }>;
const none: Accepted = { br: false, gzip: false };
const acceptedBy = new Map<string, Accepted>();
const acceptedByMax = 256;
// Longer texts are parsed each time, not kept (a browser's is well under this).
const acceptedKeyMax = 200;

function parseAccepted(header: string): Accepted {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return { br: accepts('br'), gzip: accepts('gzip') };
}

/** Whether an Accept-Encoding header accepts gzip. */
export const acceptsGzip = (header: string | undefined) => acceptedEncodings(header).gzip;

/** Picks br, then gzip, from an Accept-Encoding header (q-values and `*` honoured); null: send it as it is. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  return preferred(acceptedEncodings(header));
}
const preferred = (accepted: { br: boolean; gzip: boolean }): Encoding | null =>
  accepted.br ? 'br' : accepted.gzip ? 'gzip' : null;

const compressible = /^(text\/|application\/(json|javascript|x-script|xml)|image\/svg\+xml)/;
/** Below this the headers outweigh the saving. */
export const compressThreshold = 1024;

/** The whole answer as one buffer (React Router sends a stream); null for a payload that is neither. */
export async function collect(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload && typeof (payload as Readable).pipe === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as Readable) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    // One chunk is the answer as it is: joining would copy it.
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }
  return null;
}

/** One page in one call: brotli quality 4 (1.1-1.5 ms for 100 KB) or gzip level 6. */
export function compressPage(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * A rendered page as gzip, with its inline stylesheet compressed once instead of on every page (docs/decisions/0034).
 *
 * The `<style>` element is ~64 KB of a ~100 KB page and the same bytes in every page of a build; compressing the whole
 * page took ~1 ms per answer, a fifth of a page's CPU. A deflate stream may be cut into pieces, each compressed on its
 * own: a piece ended by a sync flush (an empty stored block) leaves the stream byte-aligned and unfinished, so the
 * next piece's blocks follow it directly. The page goes out as one gzip member: the header, the part before the
 * stylesheet (compressed now), the stylesheet's blocks (compressed once, at the best level), the part after it
 * (compressed now, ending the stream) and the trailer (the CRC-32 and length of the whole page). Any gzip reader
 * reads it as one stream (RFC 1951 section 3.2.3, RFC 1952). Brotli has no such seam without rewriting bits, and this
 * is as small as brotli quality 4 of the whole page, so a page that has the stylesheet goes gzip even where br is
 * offered. Null for a page without a large `<style>` element: it is compressed whole.
 */
export function composedGzip(page: Buffer): Buffer | null {
  const start = page.indexOf(styleOpen);
  if (start === -1) return null;
  const close = page.indexOf(styleClose, start);
  if (close === -1) return null;
  const end = close + styleClose.length;
  if (end - start < repeatedMinBytes) return null;
  const block = page.subarray(start, end);
  // One build has one stylesheet: one slot, checked byte for byte (a memcmp of 64 KB costs microseconds).
  if (!stylesheet || !stylesheet.plain.equals(block)) {
    const plain = Buffer.from(block);
    stylesheet = { plain, piece: deflatePiece(plain, 9) };
  }
  const before = page.subarray(0, start);
  const after = page.subarray(end);
  // The page's CRC from its parts': the stylesheet's was run once with its compression.
  const crc = crc32Combine(
    crc32Combine(crc32(before), stylesheet.piece.crc, stylesheet.piece.length),
    crc32(after),
    after.length,
  );
  return Buffer.concat([
    gzipHeader,
    deflateRawSync(before, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
    stylesheet.piece.deflated,
    deflateRawSync(after, { level: 6 }),
    gzipTrailer(crc, page.length),
  ]);
}
/**
 * A page kept in pieces with each answer's own bytes between them (a visitor's e-mail: docs/decisions/0036), as one
 * gzip member by the same seams as `composedGzip`'s: each piece compressed once (`deflatePiece`, kept with the page),
 * the fill stored as it is (a few bytes: a compressor's set-up would cost more than the page's whole answer), the
 * stream ended by an empty final block, and the trailer's CRC-32 combined from the pieces' (run once, with their
 * compression) and the fill's (`crc32Combine`). Nothing of the page is compressed or read again for an answer.
 * `allocate` gives the buffer of the answer's size to write it into.
 */
export function joinedGzip(
  pieces: readonly DeflatedPiece[],
  fill: Buffer,
  allocate: (size: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  const fillDeflated = storedBlocks(fill);
  const fillCrc = crc32(fill);
  const out: Buffer[] = [gzipHeader];
  let crc = 0;
  let length = 0;
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) {
      out.push(fillDeflated);
      crc = crc32Combine(crc, fillCrc, fill.length);
      length += fill.length;
    }
    out.push(piece.deflated);
    // The pieces' CRCs were run once, with their compression: only the seams are combined per answer.
    crc = i === 0 ? piece.crc : crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  out.push(finalEmptyBlock, gzipTrailer(crc, length));
  // Written into a buffer the caller provides (one it reuses: server/plugins/answer-buffers.ts), every byte of it.
  let size = 0;
  for (const piece of out) size += piece.length;
  const body = allocate(size);
  let at = 0;
  for (const piece of out) at += piece.copy(body, at);
  return body;
}

/** The gzip trailer: the CRC-32 and the length (modulo 2^32) of the whole uncompressed stream (RFC 1952). */
function gzipTrailer(crc: number, length: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return trailer;
}

/**
 * `bytes` as stored deflate blocks, none final (RFC 1951 section 3.2.4): after a sync-flushed piece the stream is
 * byte-aligned, so each block is a zero byte (BFINAL 0, BTYPE 00, the padding), its length and the length's
 * complement (little-endian), and the bytes.
 */
function storedBlocks(bytes: Buffer): Buffer {
  const blocks: Buffer[] = [];
  let at = 0;
  do {
    const chunk = bytes.subarray(at, at + 0xffff);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
    at += 0xffff;
  } while (at < bytes.length);
  return Buffer.concat(blocks);
}

/** A piece of a page compressed once: its raw deflate blocks, and its CRC-32 and length for the trailer. */
export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
}

/** One piece of a page as raw deflate blocks that end byte-aligned and leave the stream open (a sync flush). */
export const deflatePiece = (piece: Buffer, level = 6): DeflatedPiece => ({
  deflated: deflateRawSync(piece, { level, finishFlush: constants.Z_SYNC_FLUSH }),
  crc: crc32(piece),
  length: piece.length,
});
// A final block with fixed codes and nothing in it (BFINAL 1, BTYPE 01, end-of-block): what zlib ends a flushed stream
// with (RFC 1951 section 3.2.6).
const finalEmptyBlock = Buffer.from([0x03, 0x00]);
const styleOpen = Buffer.from('<style>');
const styleClose = Buffer.from('</style>');
/** Below this a `<style>` element is compressed with the page: the seam's few bytes would outweigh the saving. */
const repeatedMinBytes = 4096;
let stylesheet: { plain: Buffer; piece: DeflatedPiece } | null = null;
// ID1 ID2, deflate, no flags, no modification time, no extra flags, OS unknown (RFC 1952 section 2.3).
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The answer differs by the client's Accept-Encoding: said once in Vary, beside whatever is there. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) reply.header('vary', withAcceptEncoding(vary));
}

/** A Vary value that names Accept-Encoding (added to what it names, if it does not yet). */
export const withAcceptEncoding = (vary: string) =>
  /accept-encoding/i.test(vary) ? vary : vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';

/**
 * Compresses the answers of the routes in `scope` for clients that accept br or gzip: a page with the inline
 * stylesheet as composed gzip, anything else whole.
 */
export function registerPageCompression(scope: FastifyInstance) {
  scope.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!compressible.test(type) || reply.getHeader('content-encoding')) return payload;
    varyOnEncoding(reply);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = preferred(accepted);
    if (!encoding || request.method === 'HEAD') return payload;
    const body = await collect(payload);
    if (!body) return payload;
    if (body.length < compressThreshold) return body;
    const composed = accepted.gzip && type.startsWith('text/html') ? composedGzip(body) : null;
    if (composed) {
      reply.header('content-encoding', 'gzip');
      reply.header('content-length', composed.length);
      return composed;
    }
    const compressed = compressPage(body, encoding);
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    return compressed;
  });
}
