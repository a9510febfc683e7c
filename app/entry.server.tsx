import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { appContext } from './context.ts';
import { createI18n } from './i18n/i18n.ts';
import { resources } from './i18n/resources.ts';
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
export function tuneHead(head: string): { head: string; endOfBody: string } {
  const preloads: string[] = [];
  const rest = head.replace(/<link rel="modulepreload"[^>]*>/g, (tag) => {
    preloads.push(tag.replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'));
    return '';
  });
  return { head: rest + inlineStyle, endOfBody: preloads.join('') };
}
// `</` cannot occur in the built CSS except in a string; escaped anyway so it can never end the element early.
const inlineStyle = `<style>${appCss.replaceAll('</', '<\\/')}</style>`;

const headEnd = Buffer.from('</head>');
const bodyEnd = Buffer.from('</body>');

/**
 * Holds the document back until `</head>` has passed and rewrites the head once; then passes the rest through,
 * adding what the head rewrite moved out just before `</body>`. Searched as bytes: a chunk may end inside a multi-byte
 * character, the markers never do.
 */
export function documentRewriter(
  rewrite: ((head: string) => { head: string; endOfBody: string }) | null,
  onFinal: () => void,
) {
  let pending: Buffer | null = Buffer.alloc(0);
  let endOfBody = '';
  // The last bytes of what came so far, held back in case `</body>` is split between two chunks.
  let carry = Buffer.alloc(0);
  const passOn = (stream: Transform, chunk: Buffer) => {
    const data = Buffer.concat([carry, chunk]);
    const at = endOfBody ? data.indexOf(bodyEnd) : -1;
    if (at !== -1) {
      stream.push(data.subarray(0, at));
      stream.push(endOfBody);
      endOfBody = '';
      stream.push(data.subarray(at));
      carry = Buffer.alloc(0);
      return;
    }
    const keep = endOfBody ? Math.min(data.length, bodyEnd.length - 1) : 0;
    if (data.length > keep) stream.push(data.subarray(0, data.length - keep));
    carry = data.subarray(data.length - keep);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!rewrite) return callback(null, chunk);
      if (!pending) {
        passOn(this, chunk);
        return callback();
      }
      pending = Buffer.concat([pending, chunk]);
      const end = pending.indexOf(headEnd);
      if (end === -1) return callback();
      const tuned = rewrite(pending.subarray(0, end).toString('utf8'));
      this.push(tuned.head);
      endOfBody = tuned.endOfBody;
      const rest = pending.subarray(end);
      pending = null;
      passOn(this, rest);
      callback();
    },
    flush(callback) {
      if (pending?.length) this.push(pending);
      if (carry.length) this.push(carry);
      // No `</body>` seen (an aborted render): what was moved still goes out, where the parser puts it in the body.
      if (endOfBody) this.push(endOfBody);
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
  const i18n = createI18n(locale, resources[locale]);

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
