import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorCatalogue, type ErrorCode } from '../shared/errors.ts';
import { localeFromPath } from '../shared/locales.ts';

/**
 * What Node's HTTP parser refuses before there is a request (a control byte or another character a header may not
 * hold, a malformed request line, headers past the size limit, a request that did not arrive in time), answered like
 * every other error of the app: the catalogue's code and message in the DRF shape (`{"detail", "code"}`), in the
 * language of the path, or the message as plain text to a browser asking for a page. Fastify's default wrote its own
 * English `{"error":"Bad Request","message":"Client Error","statusCode":400}`.
 *
 * There is no request or reply here (https://fastify.dev/docs/latest/Reference/Server/#clienterrorhandler): the answer
 * is raw HTTP written on the socket, and only when the socket can still take it and no answer of an earlier request
 * on the connection has begun (Node's own rule: bytes after a started answer would corrupt it). The statuses are Node's
 * own for each case: 431, 408, 413 for chunk extensions past the limit, 400 for the rest (a body cut short by the
 * client's closing its side is `body_length_mismatch`, as a short body Fastify reads is).
 */

const codeOf = (err: { code?: string }): ErrorCode => {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'headers_too_large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'request_timeout';
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 'payload_too_large';
    // The connection ended before the body its Content-Length announced (the client closed its side).
    case 'HPE_INVALID_EOF_STATE':
      return 'body_length_mismatch';
    default:
      return 'malformed_request';
  }
};

/**
 * The path and the Accept header of what was parsed so far, as far as it can be read (it may be cut anywhere). An
 * Accept that cannot be read because the head is cut before it (an address of 20,000 characters, past the size limit)
 * is `null`: unknown, not absent.
 */
function readHead(raw: unknown): { path: string; accept: string | null } {
  if (!Buffer.isBuffer(raw)) return { path: '/', accept: '' };
  const head = raw.toString('latin1', 0, Math.min(raw.length, 16_384));
  const path = /^[A-Z]+ (\/[^\s?#]*)/.exec(head)?.[1] ?? '/';
  const accept = /\r?\naccept[ \t]*:([^\r\n]*)/i.exec(head)?.[1];
  return { path, accept: accept ?? (head.includes('\r\n\r\n') ? '' : null) };
}

const isApi = (path: string) => /^(\/en)?\/(api|front-api)\//.test(path);

/**
 * Whether an error answer goes to a browser asking for a page: the message as plain text, not the API's JSON. Not under
 * the API, and text/html accepted, or an Accept the cut head does not show (a long tracking link opened in a browser).
 */
export function answersPage(path: string, accept: string | null | undefined): boolean {
  return !isApi(path) && (accept === null || (accept ?? '').includes('text/html'));
}

/** The raw HTTP answer for `err`: the status line, headers that close the connection, and the body. */
function clientErrorAnswer(err: { code?: string; rawPacket?: unknown }): string {
  const code = codeOf(err);
  const entry = errorCatalogue[code];
  const { path, accept } = readHead(err.rawPacket);
  const locale = localeFromPath(path);
  const page = answersPage(path, accept);
  const body = page ? entry[locale] : JSON.stringify({ detail: entry[locale], code });
  const type = page ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
  return (
    `HTTP/1.1 ${entry.status} ${STATUS_CODES[entry.status]}\r\n` +
    `Content-Type: ${type}\r\n` +
    // Bytes, not characters: the Russian message is two bytes a letter.
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n' +
    body
  );
}

export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // The code only: the packet holds the request's headers (cookies, a bearer token) and stays out of the log.
  this.log.debug({ code: err.code }, 'client error');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  // Closed once the answer is handed to the kernel, whatever the client does next; a write that fails destroys the
  // socket by itself (Node's HTTP server keeps an error listener on it).
  socket.end(clientErrorAnswer(err), () => socket.destroy());
}
