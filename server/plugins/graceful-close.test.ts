import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerGracefulClose } from './graceful-close.ts';

/** One GET over a keep-alive agent, as browsers and proxies send them. `headers` resolves when the answer starts. */
function get(app: FastifyInstance, path: string, agent: http.Agent) {
  const { port } = app.server.address() as AddressInfo;
  let started!: () => void;
  const headers = new Promise<void>((r) => (started = r));
  const done = new Promise<{
    status: number;
    connection: string | undefined;
    body: string;
    socketClosed: Promise<void>;
  }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      started();
      const socket = res.socket;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body,
          socketClosed: new Promise((r) => (socket.destroyed ? r() : socket.once('close', () => r()))),
        }),
      );
    });
    req.on('error', reject);
  });
  return { headers, done };
}

/** Once close() has got as far as closing the listening socket (it runs its hooks first). */
async function closeStarted(app: FastifyInstance) {
  while (app.server.listening) await new Promise((r) => setImmediate(r));
}

/** Resolves with the milliseconds close() took, or rejects after `ms` (keepAliveTimeout would be 72 s). */
function timedClose(app: FastifyInstance, ms: number) {
  const started = Date.now();
  return Promise.race([
    app.close().then(() => Date.now() - started),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`close() still waiting after ${ms} ms`)), ms)),
  ]);
}

describe('graceful close', () => {
  let agent: http.Agent;
  let app: FastifyInstance;
  beforeEach(() => {
    agent = new http.Agent({ keepAlive: true });
  });
  afterEach(() => {
    agent.destroy();
  });

  async function start(register: (app: FastifyInstance) => void) {
    // As the app: a request on a connection accepted before the stop is served (server/app.ts).
    app = Fastify({ logger: false, return503OnClosing: false });
    registerGracefulClose(app);
    register(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
  }

  it('answers a request in flight when close() starts, ends its connection, and lets close() finish at once', async () => {
    let received!: () => void;
    const inHandler = new Promise<void>((r) => (received = r));
    let release!: () => void;
    await start((a) =>
      a.get('/slow', async () => {
        received();
        await new Promise<void>((r) => (release = r));
        return { done: true };
      }),
    );
    const answer = get(app, '/slow', agent);
    await inHandler;
    const closing = timedClose(app, 5_000);
    await closeStarted(app);
    release();
    const res = await answer.done;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ done: true });
    expect(res.connection).toBe('close');
    expect(await closing).toBeLessThan(2_000);
    await res.socketClosed;
  });

  it('releases the connection of an answer whose headers went out before close() started', async () => {
    const stream = new PassThrough();
    await start((a) =>
      a.get('/stream', async (_request, reply) => {
        reply.type('text/plain');
        return reply.send(stream);
      }),
    );
    const answer = get(app, '/stream', agent);
    stream.write('first part, ');
    await answer.headers;
    const closing = timedClose(app, 5_000);
    await closeStarted(app);
    stream.end('last part');
    const res = await answer.done;
    expect(res.status).toBe(200);
    expect(res.body).toBe('first part, last part');
    // Keep-alive was promised before close() started; the connection is released once the answer is complete.
    expect(res.connection).toBe('keep-alive');
    expect(await closing).toBeLessThan(2_000);
    await res.socketClosed;
  });
  /** A raw connection: the test decides when its request bytes go. Resolves with what came back, or the error code. */
  async function rawConnection() {
    const { port } = app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let text = '';
    socket.setEncoding('utf8').on('data', (c: string) => (text += c));
    const ended = new Promise<string>((resolve) => {
      socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? String(e)));
      socket.once('close', () => resolve(text));
    });
    return { socket, ended };
  }

  it('answers a connection accepted before close() whose request arrives after it', async () => {
    await start((a) => a.get('/page', async () => ({ page: true })));
    const conn = await rawConnection();
    // Accepted by the server, nothing sent yet: what Node's close() counts as idle.
    await new Promise((r) => setTimeout(r, 50));
    const closing = timedClose(app, 5_000);
    await closeStarted(app);
    conn.socket.write('GET /page HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = await conn.ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('{"page":true}');
    expect(await closing).toBeLessThan(3_000);
  });

  it('answers the next request of a keep-alive connection sent just after close() started', async () => {
    await start((a) => a.get('/page', async () => ({ page: true })));
    const conn = await rawConnection();
    conn.socket.write('GET /page HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 100));
    const closing = timedClose(app, 5_000);
    await closeStarted(app);
    conn.socket.write('GET /page HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = await conn.ended;
    expect(answer.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(await closing).toBeLessThan(3_000);
  });

  it('closes a connection that stays silent once the grace is over', async () => {
    await start((a) => a.get('/page', async () => ({ page: true })));
    const conn = await rawConnection();
    await new Promise((r) => setTimeout(r, 50));
    const took = await timedClose(app, 5_000);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(3_000);
    expect(await conn.ended).toBe('');
  });
});
