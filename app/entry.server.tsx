import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { databaseAwayRetryAfter } from '../shared/errors.ts';
import { appContext } from './context.ts';
import { serverI18n } from './i18n/server-i18n.ts';
import { NonceProvider } from './nonce.tsx';
import appCss from './app.css?inline';

export const streamTimeout = 5_000;

/** A text the rewriter puts in place of `find` in the body, the first time it occurs after the head. */
export type BodyEdit = {
  find: string;
  replace: string;
  /** What still goes out at the end when `find` never came (an aborted render). */
  orElse: string;
};

/**
 * The production document, tuned for the first paint on a slow phone network (docs/decisions/0010, 0031):
 * - the stylesheet is inlined in the head, so the first response alone paints the page: no request blocks rendering.
 *   React does not own this `<style>` (the root's `links` leave the stylesheet out in production), and React 19
 *   hydration passes over elements it does not own;
 * - no script is requested before the page is painted. React Router's module script (its imports start the whole
 *   route's JavaScript) is written as an inert `<script type="text/x-module">`, the head's module preloads are taken
 *   out, and a small script at the end of the body starts both once the first frame is painted: it adds the preloads
 *   to the head and a copy of the module script (the same text, so the same nonce or CSP hash allows it). The
 *   JavaScript only hydrates markup already on screen; fetched beside the markup, it was counted as needed for the
 *   paint (Lighthouse's simulation put the largest paint at ~2.3 s for a page painted at once).
 * The dev server keeps Vite's stylesheet link (hot updates), the preloads and the module script as they are.
 */
export function tuneHead(head: string): { head: Buffer; body: BodyEdit[] } {
  const preloads: string[] = [];
  let nonce = '';
  const rest = head.replace(modulePreload, (tag) => {
    const href = /\shref="([^"]*)"/.exec(tag)?.[1];
    if (href) preloads.push(href);
    nonce ||= /\snonce="([^"]*)"/.exec(tag)?.[1] ?? '';
    return '';
  });
  const start = startScripts(preloads, nonce);
  return {
    // The stylesheet (~64 KB) is bytes made once, not a string encoded again for every page.
    head: Buffer.concat([Buffer.from(rest), inlineStyle]),
    body: [
      // With the render's nonce: markup from the content (a page's HTML) can never match it.
      {
        find: `nonce="${nonce}" ${moduleScriptType}`,
        replace: `nonce="${nonce}" type="${inertModuleType}"`,
        orElse: '',
      },
      { find: '</body>', replace: `${start}</body>`, orElse: start },
    ],
  };
}
const modulePreload = /<link rel="modulepreload"[^>]*>/g;
// React Router writes its one inline module script with these attributes, after the nonce (`<Scripts>`).
const moduleScriptType = 'type="module" async=""';
const inertModuleType = 'text/x-module';
// `</` cannot occur in the built CSS except in a string; escaped anyway so it can never end the element early.
const inlineStyle = Buffer.from(`<style>${appCss.replaceAll('</', '<\\/')}</style>`);

/**
 * The script that starts the page's JavaScript after the first paint: `requestAnimationFrame` runs just before the
 * frame that paints the parsed page, the timeout just after it. A hidden tab paints no frames: it starts at once.
 * It takes the last inert script before it, React Router's (which follows all of the page's content).
 * The module script's copy goes to the head first, then the preloads, a few per task; React 19 passes over head
 * elements it does not own, and looks hoisted links (the preloads) up in the whole document when it hydrates. The
 * copy's text is the inert script's, so the render's nonce (a rendered page) or that text's CSP hash (a page from the
 * page cache, docs/decisions/0026) allows it.
 */
function startScripts(preloads: string[], nonce: string): string {
  const hrefs = JSON.stringify(preloads).replaceAll('</', '<\\/');
  return (
    `<script nonce="${nonce}">(function(){var d=document,q=${hrefs},more=function(){` +
    `q.splice(0,${preloadsPerTask}).forEach(function(h){` +
    `var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    `if(q.length)setTimeout(more,0)},all=d.querySelectorAll('script[type="${inertModuleType}"]'),m=all[all.length-1],` +
    `go=function(){if(!m)return;` +
    `var s=d.createElement("script");s.type="module";s.nonce=m.nonce;s.textContent=m.textContent;` +
    `d.head.appendChild(s);setTimeout(more,0)};` +
    `d.visibilityState==="hidden"?go():requestAnimationFrame(function(){setTimeout(go,0)})})()</script>`
  );
}
// Each request costs the browser ~1 ms to start on a phone's CPU: 14 in one task made a long one (Total Blocking
// Time). A few per task, after the module script (whose own imports are the route's modules), keep every task short.
const preloadsPerTask = 4;

const headEnd = Buffer.from('</head>');
const empty: Buffer = Buffer.alloc(0);

/**
 * Holds the document back until `</head>` has passed and rewrites the head once; then passes the rest through,
 * making the head rewrite's edits to the body in order (each the first time its text comes). Searched as bytes: a
 * chunk may end inside a multi-byte character, the searched texts never do.
 *
 * What React writes in one go (the whole page, when nothing is suspended: ~50 chunks of 2 KB) leaves as one buffer,
 * joined on the next microtask: every chunk costs a trip through the web stream React Router wraps it in and the
 * Fastify adapter unwraps it from (docs/decisions/0027). Whatever React writes later still goes out when written.
 */
export function documentRewriter(
  rewrite: ((head: string) => { head: Buffer; body: BodyEdit[] }) | null,
  onFinal: () => void,
) {
  let pending: Buffer | null = empty;
  let edits: { find: Buffer; replace: Buffer; orElse: string }[] = [];
  // The last bytes of what came so far, held back in case the next searched text is split between two chunks.
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
  // Sends `data` up to the edit's text at `at`, the replacement, and passes on what follows (searching for the next).
  const edit = (stream: Transform, data: Buffer, at: number) => {
    const { find, replace } = edits.shift()!;
    queue(stream, data.subarray(0, at));
    queue(stream, replace);
    passOn(stream, data.subarray(at + find.length));
  };
  const passOn = (stream: Transform, chunk: Buffer): void => {
    const next = edits[0];
    if (!next) return queue(stream, chunk);
    let data = chunk;
    if (carry.length) {
      // Only the held-back bytes and the first few of this chunk are joined to look for the text across them.
      const head = Math.min(chunk.length, next.find.length - 1);
      const seam = Buffer.concat([carry, chunk.subarray(0, head)]);
      carry = empty;
      const at = seam.indexOf(next.find);
      if (at !== -1) {
        edit(stream, seam, at);
        return passOn(stream, chunk.subarray(head));
      }
      // A chunk shorter than the text: the joined bytes are all there is, held back again below.
      if (head === chunk.length) data = seam;
      else queue(stream, seam.subarray(0, seam.length - head));
    }
    const at = data.indexOf(next.find);
    if (at !== -1) return edit(stream, data, at);
    const keep = Math.min(data.length, next.find.length - 1);
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
      edits = tuned.body.map((e) => ({ find: Buffer.from(e.find), replace: Buffer.from(e.replace), orElse: e.orElse }));
      const rest = pending.subarray(end);
      pending = null;
      passOn(this, rest);
      callback();
    },
    flush(callback) {
      if (pending?.length) queue(this, pending);
      queue(this, carry);
      // An edit whose text never came (an aborted render): what it must still add goes out at the end, where the
      // parser puts it in the body.
      for (const e of edits) queue(this, e.orElse);
      edits = [];
      send(this);
      callback();
    },
    final(callback) {
      onFinal();
      callback();
    },
  });
}

/** Requests whose loaders met a database that was away: their page answers 503 with Retry-After, not 500. */
const outages = new WeakSet<Request>();

/**
 * Every error React Router catches on the server (a loader's, an action's, a render's) comes here before the page is
 * rendered: logged as React Router's default does, and noted when it is the database being away, so the error page
 * says "come back shortly" to browsers, crawlers and monitors (503, as the API's `database_unavailable` does).
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: RouterContextProvider },
) {
  if (request.signal.aborted) return;
  // The 503 that handleRequest throws to render the outage page (below): its cause was logged already.
  if (error instanceof Response && outages.has(request)) return;
  // The router's own answer to what the client asked (405 for a form posted to a page without an action, 400 for a
  // malformed data request): the request log shows it; it is not the site's error, and a client could fill the
  // error log with it.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // An error response React Router made of a thrown error keeps that error inside (its internal `error` field).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = inner ?? error;
  if (context && appDatabaseUnavailable(context, cause)) outages.add(request);
  logPageError(context, cause, 'page: unexpected error');
}

/**
 * Through the server's logger (the request's, with its id), never console.error: a loader's failed query is a
 * DrizzleQueryError whose message lists the query's parameters (a customer's id, e-mail, dates) and whose cause holds
 * the driver's detail, and console.error printed it all (server/log-redaction.ts keeps them out of the log).
 */
function logPageError(context: RouterContextProvider | undefined, error: unknown, message: string) {
  try {
    if (context) return context.get(appContext).logError(error, message);
  } catch {
    // No app context (an error before the load context was made): the fallback below.
  }
  // Without the logger, only what cannot carry a customer's data: the error's name and its message's first line
  // (Drizzle writes the parameters on the second).
  const first = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : 'a non-Error was thrown';
  console.error(`${message}: ${first}`);
}
function appDatabaseUnavailable(context: RouterContextProvider, error: unknown): boolean {
  try {
    return context.get(appContext).databaseUnavailable(error);
  } catch {
    // No app context (an error before the load context was made): nothing to tell.
    return false;
  }
}

/** A client-side navigation's data answer: a 503 (the database away) says when to try again, as the page does. */
export function handleDataRequest(response: Response): Response {
  if (response.status === 503) response.headers.set('Retry-After', databaseAwayRetryAfter);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // React Router renders the page again with this response as the error (the error boundary then says "back
  // shortly", on the server and after hydration alike); the handoff to the browser was already encoded with the
  // first error, so the status cannot just be changed here. (A service call that meets the outage throws a 503 itself,
  // server/plugins/outage-aware-services.ts: this catches what reads the database another way.)
  if (outages.has(request) && responseStatusCode !== 503)
    throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
  if (responseStatusCode === 503) responseHeaders.set('Retry-After', databaseAwayRetryAfter);
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
          if (shellRendered) logPageError(loadContext, error, 'page: render error in the stream');
        },
      },
    );
  });
}
