import type { Readable } from 'node:stream';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

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

/** Picks br, then gzip, from an Accept-Encoding header (q-values and `*` honoured); null: send it as it is. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

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
    return Buffer.concat(chunks);
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

/** The answer differs by the client's Accept-Encoding: said once in Vary, beside whatever is there. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) reply.header('vary', withAcceptEncoding(vary));
}

/** A Vary value that names Accept-Encoding (added to what it names, if it does not yet). */
export const withAcceptEncoding = (vary: string) =>
  /accept-encoding/i.test(vary) ? vary : vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';

/** Compresses the answers of the routes in `scope` for clients that accept br or gzip. */
export function registerPageCompression(scope: FastifyInstance) {
  scope.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!compressible.test(type) || reply.getHeader('content-encoding')) return payload;
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return payload;
    const body = await collect(payload);
    if (!body) return payload;
    if (body.length < compressThreshold) return body;
    const compressed = compressPage(body, encoding);
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    return compressed;
  });
}
