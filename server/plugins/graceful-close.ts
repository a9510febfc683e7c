import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * SIGTERM's first step (server/main.ts): /readyz answers 503 at once and every answer ends its connection, while
     * the site keeps serving for `seconds` so a load balancer notices and stops sending. `endDrain()` cuts it short.
     */
    drain(seconds: number): Promise<void>;
    endDrain(): void;
    /** Draining or closing: not ready for new traffic. */
    readonly draining: boolean;
  }
}

/**
 * How long close() leaves the connections without a request in progress alone: one accepted but not read yet, or a
 * keep-alive one whose client is sending its next request, gets it answered (with `Connection: close`).
 */
const idleGraceMs = 1000;

/**
 * A stop that drops nothing (docs/architecture.md, "Stopping").
 *
 * Node's `server.close()` at once destroys every keep-alive connection between two requests, while its client may be
 * sending the next one on it: under load a SIGTERM reset most of them (22 of 30 concurrent page requests got
 * ECONNRESET). And a connection that never sent anything (a browser's preconnect) it never closes, so close() waited
 * for the forced exit. So while closing, connections without a request in progress are let be for `idleGraceMs`:
 * what arrives on them is answered with `Connection: close`, after which Node ends them; all still silent after the
 * grace are closed. Before that, the drain window (`drain`) has answered everything with `Connection: close`, so
 * few keep-alive connections are left by then.
 *
 * Answers whose headers went out before close() started promised keep-alive; their connection is released once
 * they finish. Without all this close(), and with it the process, waited for keepAliveTimeout (72 s).
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  let draining = false;
  let graceOver = false;
  let endDrain = () => {};

  // Every open connection and how many of its requests are being answered (Node's own idle list leaves out a
  // connection that never sent anything, so a browser's preconnect held close() until the forced exit).
  const connections = new Map<Socket, { active: number }>();
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.active += 1;
    res.once('close', () => (state.active -= 1));
  });
  const closeIdle = () => {
    for (const [socket, state] of connections) if (state.active === 0) socket.destroy();
  };
  // server.close() and Fastify call this at once; while closing it waits for the grace.
  const nodeCloseIdle = app.server.closeIdleConnections.bind(app.server);
  app.server.closeIdleConnections = () => {
    if (!closing) nodeCloseIdle();
    else if (graceOver) closeIdle();
  };

  app.decorate('draining', {
    getter: () => draining || closing,
  });
  app.decorate('drain', (seconds: number) => {
    draining = true;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, seconds * 1000);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
  app.decorate('endDrain', () => endDrain());

  app.addHook('preClose', async () => {
    closing = true;
    const grace = setTimeout(() => {
      // A busy loop may not have read what arrived meanwhile: let one poll phase read it (a request being read is not
      // idle), then close what is still silent.
      setImmediate(() => {
        graceOver = true;
        app.server.closeIdleConnections();
      });
    }, idleGraceMs);
    grace.unref();
    // Connections the kernel has completed but Node has not accepted yet (the loop was busy rendering) are reset
    // when the listening socket closes. One turn of the loop, its poll phase included, accepts them first.
    await setImmediatePromise();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if ((closing || draining) && !reply.raw.headersSent) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    // Node marks the connection idle right after this response's 'finish' listeners, so look once they have run.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}
