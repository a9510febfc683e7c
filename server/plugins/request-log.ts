import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request, written when the answer has gone: method, url, status and milliseconds (Fastify's
 * own request log writes two, "incoming request" and "request completed", which doubled the log and split what
 * belongs together). The line is `info`, so LOG_LEVEL=warn silences it too; LOG_REQUESTS=false turns it off alone.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const { method, originalUrl: url } = request;
    const status = reply.statusCode;
    request.log.info({ method, url, status, ms }, `${method} ${url} ${status} ${ms} ms`);
  });
}
