import { Socket, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestApp } from '../tests/helpers/build.ts';
import { rawRequest as raw } from '../tests/helpers/raw-http.ts';
import { clientErrorHandler } from './client-error.ts';

/** The status line, the headers (lower-cased names) and the body of a raw answer. */
function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [status = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status, headers, body };
}

describe('what the HTTP parser refuses is answered in the API’s own shape', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await build({ ssr: false, seed: false, env: { JOBS: 'false' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('a control byte in a header is a 400 with the catalogue’s code and message, in the path’s language', async () => {
    const en = parse(
      await raw(port, 'GET /en/api/v1/content/news/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\x01b\r\n\r\n'),
    );
    expect(en.status).toBe('HTTP/1.1 400 Bad Request');
    expect(en.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(en.headers.connection).toBe('close');
    expect(JSON.parse(en.body)).toEqual({
      detail: 'Malformed HTTP request: characters a header may not hold, or a wrong format.',
      code: 'malformed_request',
    });
    expect(en.body).not.toContain('Bad Request');

    const ru = await raw(
      port,
      'POST /api/v1/claim/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\nX-Note: \x01\r\n\r\n',
    );
    const parsed = parse(ru);
    expect(parsed.status).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(parsed.body)).toEqual({
      detail: 'Некорректный HTTP-запрос: недопустимые символы в заголовках или неверный формат.',
      code: 'malformed_request',
    });
    // Bytes, not letters: a client reading Content-Length gets the whole Russian message.
    expect(Number(parsed.headers['content-length'])).toBe(Buffer.byteLength(parsed.body));
  });

  it('a browser asking for a page gets the message as plain text; an API path stays JSON whatever it accepts', async () => {
    const page = parse(
      await raw(
        port,
        'GET /en/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html,application/xhtml+xml\r\nX-Note: \x7f\r\n\r\n',
      ),
    );
    expect(page.status).toBe('HTTP/1.1 400 Bad Request');
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.body).toBe('Malformed HTTP request: characters a header may not hold, or a wrong format.');
    const api = parse(
      await raw(
        port,
        'GET /api/v1/content/news/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nX-Note: \x01\r\n\r\n',
      ),
    );
    expect(JSON.parse(api.body)).toMatchObject({ code: 'malformed_request' });
  });

  it('keeps the other client errors’ statuses: headers past the limit are 431', async () => {
    const big = parse(
      await raw(
        port,
        `GET /en/api/v1/content/news/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(big.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(big.body)).toEqual({ detail: 'The request headers are too large.', code: 'headers_too_large' });
  });

  it('a page address past the size limit (a long tracking link) reads as text in the browser, its Accept unseen', async () => {
    const long = parse(
      await raw(port, `GET /faq?utm=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n\r\n`),
    );
    expect(long.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(long.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(long.body).toBe('Слишком большие заголовки запроса.');
    // Under the API the same is JSON.
    const api = parse(
      await raw(port, `GET /api/v1/content/news/?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
    );
    expect(JSON.parse(api.body)).toMatchObject({ code: 'headers_too_large' });
  });

  it('a body cut short (the client closes its side before Content-Length is reached) is 400 body_length_mismatch', async () => {
    const cut = parse(
      await raw(
        port,
        'POST /en/api/v1/content/monitoring/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{}',
        { end: true },
      ),
    );
    expect(cut.status).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(cut.body)).toEqual({
      detail: expect.any(String) as string,
      code: 'body_length_mismatch',
    });
  });

  it('a client that hangs up in the middle of its body is no error of ours: never logged as the database away', async () => {
    const seen: { level: number; msg: string }[] = [];
    // Tests run without a logger: each request's own is wrapped to see what the error handler says of it.
    const logged = await build({
      ssr: false,
      seed: false,
      env: { JOBS: 'false' },
      beforeReady: (app) => {
        app.addHook('onRequest', async (request) => {
          const note = (level: number) => (_: unknown, msg: string) => void seen.push({ level, msg });
          request.log = Object.assign(Object.create(request.log) as typeof request.log, {
            error: note(50),
            warn: note(40),
            info: note(30),
          });
        });
      },
    });
    try {
      await logged.app.listen({ port: 0, host: '127.0.0.1' });
      const at = (logged.app.server.address() as AddressInfo).port;
      await new Promise<void>((resolve) => {
        const socket = new Socket();
        socket.connect(at, '127.0.0.1', () => {
          socket.write(
            'POST /api/v1/content/monitoring/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
              'Content-Length: 100\r\n\r\n{"a":',
          );
          setTimeout(() => socket.destroy(), 100);
        });
        socket.on('close', () => setTimeout(resolve, 200));
      });
      // The handler saw it (not a silent pass) and called it what it is.
      expect(seen.map((l) => l.msg)).toContain('client hung up before its body arrived');
      expect(seen.filter((l) => l.level >= 50)).toEqual([]);
      expect(seen.map((l) => l.msg)).not.toContain('database unavailable');
    } finally {
      await logged.close();
    }
  });

  it('a client that announces a body and never sends it is let go after REQUEST_TIMEOUT_SECONDS with a 408', async () => {
    const quick = await build({ ssr: false, seed: false, env: { JOBS: 'false', REQUEST_TIMEOUT_SECONDS: '1' } });
    try {
      await quick.app.listen({ port: 0, host: '127.0.0.1' });
      const at = (quick.app.server.address() as AddressInfo).port;
      const answer = parse(
        await raw(
          at,
          'POST /en/api/v1/content/monitoring/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100\r\n\r\n{}',
        ),
      );
      expect(answer.status).toBe('HTTP/1.1 408 Request Timeout');
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'request_timeout' });
    } finally {
      await quick.close();
    }
  });

  it('writes nothing on a socket that cannot take it, or after an answer has begun on it, and closes it', () => {
    const log = { debug: vi.fn() };
    const closed = new Socket();
    const end = vi.spyOn(closed, 'end');
    const destroy = vi.spyOn(closed, 'destroy');
    Object.defineProperty(closed, 'writable', { value: false });
    clientErrorHandler.call(
      { log } as never,
      Object.assign(new Error('bad'), { code: 'HPE_INVALID_HEADER_TOKEN' }),
      closed,
    );
    expect(end).not.toHaveBeenCalled();
    expect(destroy).toHaveBeenCalled();

    const busy = Object.assign(new Socket(), { _httpMessage: { headersSent: true } });
    Object.defineProperty(busy, 'writable', { value: true });
    const busyEnd = vi.spyOn(busy, 'end');
    clientErrorHandler.call(
      { log } as never,
      Object.assign(new Error('bad'), { code: 'HPE_INVALID_HEADER_TOKEN' }),
      busy,
    );
    expect(busyEnd).not.toHaveBeenCalled();
    expect(busy.destroyed).toBe(true);
  });
});
