import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` (SIGTERM) finish as soon as the requests in flight are answered.
 *
 * `return503OnClosing` refuses only requests that arrive after close() started, and server.close() closes only the
 * connections idle at that moment. A request already being handled was answered with `Connection: keep-alive`, so
 * its connection stayed open after the answer until the client or keepAliveTimeout (72 s) ended it, and close(), and
 * with it the process, waited that long (main.ts gives up after 9 s and exits 1). Whether a request was still in
 * flight when the signal was handled is a race: a compressed page, answered a little later, lost it every time.
 *
 * So: answers sent while closing carry `Connection: close` (Node then ends the connection after them), and answers
 * whose headers went out before close() started release their now idle connection as soon as they finish.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    // Node marks the connection idle right after this response's 'finish' listeners, so look once they have run.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
}
