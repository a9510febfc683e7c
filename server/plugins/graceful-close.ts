import type { Socket } from 'node:net';
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

/** How long close() waits for a connection accepted just before it to send its request (a browser's preconnect never does). */
const unusedConnectionGraceMs = 1000;

/**
 * A stop that drops nothing (docs/architecture.md, "Stopping").
 *
 * Node's `server.close()` destroys every connection it counts as idle, and a connection accepted but whose request
 * has not been read yet counts as idle: under load a SIGTERM reset most such connections (22 of 30 concurrent page
 * requests got ECONNRESET). So while closing, only connections that have had an answer and carry no request now
 * are let go; one that has not sent its request yet gets `unusedConnectionGraceMs` to do so and is answered.
 *
 * Keep-alive: answers sent while draining or closing carry `Connection: close` (Node then ends the connection after
 * them), and answers whose headers went out earlier release their now idle connection as soon as they finish;
 * otherwise close(), and with it the process, would wait for keepAliveTimeout (72 s).
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  let draining = false;
  let endDrain = () => {};
  const connections = new Map<Socket, { answered: boolean; active: number }>();

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { answered: false, active: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (req, res) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.active += 1;
    res.once('close', () => {
      state.active -= 1;
      state.answered = true;
    });
  });
  const closeIdle = app.server.closeIdleConnections.bind(app.server);
  // server.close() and Fastify call this: while closing, spare the connections whose request is still on its way.
  app.server.closeIdleConnections = () => {
    if (!closing) return closeIdle();
    for (const [socket, state] of connections) if (state.answered && state.active === 0) socket.destroy();
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
    const unused = setTimeout(() => {
      for (const [socket, state] of connections) if (!state.answered && state.active === 0) socket.destroy();
    }, unusedConnectionGraceMs);
    unused.unref();
  });
  app.addHook('onSend', async (_request, reply) => {
    if ((closing || draining) && !reply.raw.headersSent) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    // Node marks the connection idle right after this response's 'finish' listeners, so look once they have run.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
}
