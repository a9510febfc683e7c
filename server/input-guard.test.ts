import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseRefusedText } from './input-guard.ts';

/**
 * The boundary's text check on what each part of a request is made of: JSON bodies, Fastify's path parameters and
 * query (objects of a prototype-less class), and bodies left as they came (a stream, bytes), which it must not walk.
 */
describe('refuseRefusedText', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.addHook('preValidation', refuseRefusedText);
    // A body handed on as the request's stream: what a page's form post once was (server/plugins/ssr.ts).
    app.addContentTypeParser('text/plain', (_request, payload, done) => done(null, payload));
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    app.all('/p/:id/', () => ({ ok: true }));
    app.setErrorHandler((error: { code?: string; fields?: unknown }, _request, reply) =>
      reply.code(400).send({ code: error.code, fields: error.fields }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses a NUL or a lone surrogate in a path parameter, the query, a JSON value or key, with its path', async () => {
    const param = await app.inject({ url: '/p/a%00b/' });
    expect(param.json()).toMatchObject({ fields: { id: [expect.any(String)] } });
    const nul = await app.inject({ url: '/p/1/?q=a%00' });
    expect(nul.json()).toMatchObject({ fields: { q: [expect.any(String)] } });
    const body = await app.inject({ method: 'POST', url: '/p/1/', payload: { a: [{ b: 'x\ud800' }] } });
    expect(body.json()).toMatchObject({ fields: { 'a.0.b': [expect.any(String)] } });
    const key = await app.inject({ method: 'POST', url: '/p/1/', payload: { 'k\u0000': 1 } });
    expect(Object.keys((key.json() as { fields: object }).fields)).toEqual(['k\u0000']);
  });

  it('refuses the controls that reorder how text is shown, anywhere, and keeps marks a script of its own needs', async () => {
    for (const ch of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const res = await app.inject({ method: 'POST', url: '/p/1/', payload: { ref: `SBP 000111 ${ch}999888` } });
      expect(res.json(), ch.codePointAt(0)!.toString(16)).toMatchObject({ fields: { ref: [expect.any(String)] } });
    }
    expect((await app.inject({ url: '/p/1/?q=%E2%80%AE' })).statusCode).toBe(400);
    // A left-to-right or right-to-left mark only says which way a character runs; an emoji's joiner is text.
    const fine = await app.inject({ method: 'POST', url: '/p/1/', payload: { a: 'x\u200ey\u200f', b: '👩\u200d💻' } });
    expect(fine.statusCode).toBe(200);
  });

  // Walked as if it were JSON, the stream's graph (socket, server, ...) never ended: the test would not either.
  it('leaves a stream or bytes alone', async () => {
    const stream = await app.inject({
      method: 'POST',
      url: '/p/1/',
      headers: { 'content-type': 'text/plain' },
      payload: 'a\u0000b',
    });
    expect(stream.statusCode).toBe(200);
    const bytes = await app.inject({
      method: 'POST',
      url: '/p/1/',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0, 1, 2]),
    });
    expect(bytes.statusCode).toBe(200);
  });
});
