import type { ReactElement } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { databaseAwayRetryAfter, errorCatalogue, errorMessage } from '../shared/errors.ts';
import { appContext } from './context.ts';
import { pageIndexing } from '../shared/seo.ts';
import { stripLocale } from '../shared/locales.ts';
import { documentResponse } from './document-answer.ts';
import { serverI18n } from './i18n/server-i18n.ts';
import { NonceProvider } from './nonce.tsx';
import appCss from './app.css?inline';

// React Router ends the handoff's data stream after this long (a deferred value never settling): the render waits for
// the whole stream (readHandoff below).
export const streamTimeout = 5_000;

/** The head as `tuneHead` leaves it: its text, the stylesheet that ends it, and the edits it asks of the body. */
export type TunedHead = { head: string; style: Buffer; body: BodyEdit[] };

/** A text `finishDocument` puts in place of `find` in the body, the first time it occurs after the head. */
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
export function tuneHead(head: string): TunedHead {
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
    head: rest,
    // The stylesheet (~64 KB) is bytes made once, not a string encoded again for every page.
    style: inlineStyle,
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
 * The script that starts the page's JavaScript after the first paint. It waits for the browser's own
 * `first-contentful-paint` entry (Paint Timing), which is queued once that frame is on the screen: the frame's
 * presentation can lag the main thread's `requestAnimationFrame` + timeout by 50 ms or more, and a script requested in
 * that gap counted, in Lighthouse's simulation, as needed for the paint (LCP 2.0 s instead of 1.1 s in two runs of
 * five, docs/decisions/0031 "Later"). Where Paint Timing is missing it falls back to `requestAnimationFrame` (runs just
 * before the frame that paints the parsed page) and a timeout (just after it); a page that reports no paint within
 * `paintWaitMs` starts anyway. A hidden tab paints no frames: it starts at once.
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
    `d.head.appendChild(s);setTimeout(more,0)},` +
    `once=function(){go&&go();go=null},P=self.PerformanceObserver,painted=function(l){` +
    `return l.getEntriesByName("first-contentful-paint").length>0};` +
    `if(d.visibilityState==="hidden")once();` +
    `else if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0){` +
    `new P(function(l,o){if(painted(l)){o.disconnect();setTimeout(once,0)}}).observe({type:"paint",buffered:true});` +
    `setTimeout(once,${paintWaitMs})}` +
    `else requestAnimationFrame(function(){setTimeout(once,0)})})()</script>`
  );
}
// Each request costs the browser ~1 ms to start on a phone's CPU: 14 in one task made a long one (Total Blocking
// Time). A few per task, after the module script (whose own imports are the route's modules), keep every task short.
const preloadsPerTask = 4;
// The latest the scripts start when no paint is reported (a browser that paints nothing it reports as contentful).
const paintWaitMs = 3000;

/**
 * The rendered document as the answer's bytes: in production the head tuned (`tuneHead`) and its edits made to the
 * body in order, each the first time its text comes after the head; an edit whose text never came adds what it must
 * at the end, where the parser puts it in the body. The development server's document goes as React wrote it.
 */
export function finishDocument(html: string, rewrite: ((head: string) => TunedHead) | null) {
  const page = doctype + html;
  const end = rewrite ? page.indexOf('</head>') : -1;
  if (!rewrite || end === -1) return Buffer.from(page);
  const tuned = rewrite(page.slice(0, end));
  let body = '';
  let at = end;
  let missed = '';
  for (const e of tuned.body) {
    const found = page.indexOf(e.find, at);
    if (found === -1) {
      missed += e.orElse;
      continue;
    }
    body += page.slice(at, found) + e.replace;
    at = found + e.find.length;
  }
  // The stylesheet's bytes copied once, into the page.
  return Buffer.concat([Buffer.from(tuned.head), tuned.style, Buffer.from(body + page.slice(at) + missed)]);
}
// renderToString leaves it out; the streaming render wrote it before `<html>`.
const doctype = '<!DOCTYPE html>';

/**
 * React Router's handoff to the browser (the loaders' data as a turbo-stream), read to its end before the render. Its
 * `<StreamTransfer>` reads the stream through Suspense, one chunk per boundary; with every chunk already in the render's
 * stream cache nothing suspends, so the page renders in one synchronous `renderToString`. That costs a third of the
 * streaming render's CPU on the bench's baseline page (no 2 KB chunks encoded and written through a stream) and ~12 %
 * of a whole page's answer (docs/performance.md, "Server renders"). The site streams nothing after the shell: the
 * document went out in one buffer before as well. The stream ends by itself at React Router's `streamTimeout` (a
 * deferred value never settling).
 */
async function readHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: Record<number, HandoffChunk> = {};
  for (let i = 0; ; i++) {
    const { done, value } = await reader.read();
    // What StreamTransfer (react-router, lib/dom/ssr/single-fetch.tsx) keeps per chunk: a promise with its result.
    const chunk: HandoffChunk = Promise.resolve();
    chunk.result = { done, value: decoder.decode(value, { stream: !done }) };
    cache[i] = chunk;
    if (done) break;
  }
  (context.renderMeta as { streamCache?: Record<number, HandoffChunk> }).streamCache = cache;
  // ServerRouter takes a reader of the stream while it renders; it is never read, the cache answers.
  context.serverHandoffStream = new ReadableStream();
}
type HandoffChunk = Promise<void> & { result?: { done: boolean; value: string } };

// How React marks a boundary it left to the browser: one whose content threw, or still suspended.
const browserRenderedBoundary = '<!--$!-->';

/**
 * The error a boundary's content threw in the page's render, from a render whose `onError` hears it (it comes with the
 * shell: the content is rendered with it unless it suspends); undefined when nothing threw (the boundary only
 * suspended). Only the errors before the shell is ready count: what the abort then cuts short is not one.
 */
async function boundaryError(context: EntryContext, page: () => ReactElement): Promise<unknown> {
  // ServerRouter takes a reader of the handoff stream again; the first render's reader holds the one readHandoff left.
  if (context.serverHandoffStream) context.serverHandoffStream = new ReadableStream();
  let error: unknown;
  let shellDone = false;
  const abort = new AbortController();
  try {
    const stream = await renderToReadableStream(page(), {
      signal: abort.signal,
      onError(e) {
        if (!shellDone) error ??= e;
      },
    });
    shellDone = true;
    abort.abort();
    await stream.cancel();
  } catch (e) {
    error ??= e;
  }
  return error;
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

/**
 * A client-side navigation's data answer: a 503 (the database away) says when to try again, as the page does.
 * A request whose loaders met the database away past the outage-aware services (handleError noted it) answered React
 * Router's sanitised "Unexpected Server Error", a 500, and the browser said "something went wrong"; it answers the
 * outage instead. Without React Router's `X-Remix-Response` mark, the browser's router reads a 503 as an error
 * response of that status for every route it asked about (react-router, fetchAndDecodeViaTurboStream), as it would
 * a balancer's: the error page then says "we will be back shortly". Any other data answer costs one WeakSet lookup.
 */
export function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: RouterContextProvider },
): Response {
  if (outages.has(request)) {
    void response.body?.cancel();
    const code = 'database_unavailable';
    const body = JSON.stringify({ detail: errorMessage(code, context.get(appContext).locale), code });
    return new Response(body, {
      status: errorCatalogue[code].status,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Retry-After': databaseAwayRetryAfter,
        'Cache-Control': 'no-store',
      },
    });
  }
  if (response.status === 503) response.headers.set('Retry-After', databaseAwayRetryAfter);
  return response;
}

export default async function handleRequest(
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
  // Before HEAD's answer too: it has the headers the page's GET has (a HEAD the page cache answers had it already).
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // A claim's address is its only secret (shared/seo.ts): every page under /claim (a claim, the payment result pages,
  // an unknown claim's 404) is neither indexed nor stored, whichever route answered. The claim route's own headers
  // reach only its found claims: a 404 takes the headers of the route whose boundary renders it (the root's), and the
  // result pages had none, so both went into the page cache without X-Robots-Tag.
  const indexing = pageIndexing(stripLocale(new URL(request.url).pathname));
  if ('robots' in indexing && indexing.robots.includes('nofollow')) {
    responseHeaders.set('Cache-Control', 'no-store');
    responseHeaders.set('X-Robots-Tag', indexing.robots);
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { locale, nonce } = loadContext.get(appContext);
  const i18n = serverI18n(locale);

  await readHandoff(routerContext);
  // A Suspense boundary that still suspends (a lazy component's first load) goes as its fallback and is rendered in
  // the browser: the site's lazy parts (dialogs, the captcha widget) all wait for the visitor, none renders at first.
  const page = () => (
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>
  );
  const html = renderToString(page());
  // An error thrown inside a Suspense boundary (the home page's calculator, a claim's panels) is one renderToString
  // keeps to itself (its onError does nothing): the boundary went as its fallback, left to the browser, answered 200
  // (and kept by the page cache) with nothing logged. Found again by a render that reports it and thrown, React Router
  // logs it (handleError) and answers the error page with a 500, as for an error outside any boundary.
  if (html.includes(browserRenderedBoundary)) {
    const error = await boundaryError(routerContext, page);
    if (error !== undefined) throw error;
  }
  return documentResponse(finishDocument(html, import.meta.env.PROD ? tuneHead : null), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
