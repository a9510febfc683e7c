import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { appContext } from './context.ts';
import { serverI18n } from './i18n/server-i18n.ts';
import { NonceProvider } from './nonce.tsx';
import appCss from './app.css?inline';

export const streamTimeout = 5_000;

/**
 * The production document, tuned for the first paint on a slow phone network (docs/decisions/0010):
 * - the stylesheet is inlined in the head, so the first response alone paints the page: no request blocks rendering.
 *   React does not own this `<style>` (the root's `links` leave the stylesheet out in production), and React 19
 *   hydration passes over elements it does not own;
 * - the route's module preloads move from the head to the end of the body and ask for low priority: the JavaScript
 *   only hydrates markup that is already on screen, so it is fetched after the markup, not beside it. (React finds
 *   them there when it hydrates: it looks hoisted links up in the whole document.)
 * The dev server keeps Vite's stylesheet link (hot updates) and the preloads as they are.
 */
export function tuneHead(head: string): { head: Buffer; endOfBody: string } {
  const preloads: string[] = [];
  const rest = head.replace(modulePreload, (tag) => {
    preloads.push(tag.replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'));
    return '';
  });
  // The stylesheet (~64 KB) is bytes made once, not a string encoded again for every page.
  return { head: Buffer.concat([Buffer.from(rest), inlineStyle]), endOfBody: preloads.join('') };
}
const modulePreload = /<link rel="modulepreload"[^>]*>/g;
// `</` cannot occur in the built CSS except in a string; escaped anyway so it can never end the element early.
const inlineStyle = Buffer.from(`<style>${appCss.replaceAll('</', '<\\/')}</style>`);

const headEnd = Buffer.from('</head>');
const bodyEnd = Buffer.from('</body>');
const empty: Buffer = Buffer.alloc(0);

/**
 * Holds the document back until `</head>` has passed and rewrites the head once; then passes the rest through,
 * adding what the head rewrite moved out just before `</body>`. Searched as bytes: a chunk may end inside a multi-byte
 * character, the markers never do.
 *
 * What React writes in one go (the whole page, when nothing is suspended: ~50 chunks of 2 KB) leaves as one buffer,
 * joined on the next microtask: every chunk costs a trip through the web stream React Router wraps it in and the
 * Fastify adapter unwraps it from (docs/decisions/0027). Whatever React writes later still goes out when written.
 */
export function documentRewriter(
  rewrite: ((head: string) => { head: Buffer; endOfBody: string }) | null,
  onFinal: () => void,
) {
  let pending: Buffer | null = empty;
  let endOfBody = '';
  // The last bytes of what came so far, held back in case `</body>` is split between two chunks.
  let carry: Buffer = empty;
  let batch: Buffer[] = [];
  let scheduled = false;
  const send = (stream: Transform) => {
    scheduled = false;
    if (batch.length === 0) return;
    stream.push(batch.length === 1 ? batch[0] : Buffer.concat(batch));
    batch = [];
  };
  const queue = (stream: Transform, bytes: Buffer | string) => {
    if (bytes.length === 0) return;
    batch.push(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(() => send(stream));
    }
  };
  const insertAt = (stream: Transform, data: Buffer, at: number) => {
    queue(stream, data.subarray(0, at));
    queue(stream, endOfBody);
    endOfBody = '';
    queue(stream, data.subarray(at));
  };
  const passOn = (stream: Transform, chunk: Buffer) => {
    if (!endOfBody) return queue(stream, chunk);
    let data = chunk;
    if (carry.length) {
      // Only the held-back bytes and the first few of this chunk are joined to look for a `</body>` across them.
      const head = Math.min(chunk.length, bodyEnd.length - 1);
      const seam = Buffer.concat([carry, chunk.subarray(0, head)]);
      carry = empty;
      const at = seam.indexOf(bodyEnd);
      if (at !== -1) {
        insertAt(stream, seam, at);
        return queue(stream, chunk.subarray(head));
      }
      // A chunk shorter than the marker: the joined bytes are all there is, held back again below.
      if (head === chunk.length) data = seam;
      else queue(stream, seam.subarray(0, seam.length - head));
    }
    const at = data.indexOf(bodyEnd);
    if (at !== -1) return insertAt(stream, data, at);
    const keep = Math.min(data.length, bodyEnd.length - 1);
    queue(stream, data.subarray(0, data.length - keep));
    carry = data.subarray(data.length - keep);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!rewrite) return callback(null, chunk);
      if (!pending) {
        passOn(this, chunk);
        return callback();
      }
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const end = pending.indexOf(headEnd);
      if (end === -1) return callback();
      const tuned = rewrite(pending.subarray(0, end).toString('utf8'));
      queue(this, tuned.head);
      endOfBody = tuned.endOfBody;
      const rest = pending.subarray(end);
      pending = null;
      passOn(this, rest);
      callback();
    },
    flush(callback) {
      if (pending?.length) queue(this, pending);
      queue(this, carry);
      // No `</body>` seen (an aborted render): what was moved still goes out, where the parser puts it in the body.
      queue(this, endOfBody);
      send(this);
      callback();
    },
    final(callback) {
      onFinal();
      callback();
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { locale, nonce } = loadContext.get(appContext);
  const i18n = serverI18n(locale);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        // React streams a Suspense boundary whose HTML is over 12,800 bytes (the default) after the shell, showing its
        // fallback first and swapping the content in by script a moment later. The home page's calculator island is
        // such a boundary, already resolved on the server: the swap moved the content below it (CLS 0.14 in
        // Lighthouse) and left the form hidden without JavaScript. Resolved boundaries go inline, whatever their size.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const done = () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          };
          const body = documentRewriter(import.meta.env.PROD ? tuneHead : null, done);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above and React Router logs them; these came later, inside the stream.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
