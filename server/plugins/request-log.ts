import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per answered request, written when the answer has gone: method, url, status and milliseconds. Fastify's
 * own request log writes two ("incoming request", "request completed"), which doubled the log and split what
 * belongs together. The line is `info`, so LOG_LEVEL=warn silences it as well; LOG_REQUESTS=false silences only it.
 * A request that failed while answering (the client went away mid-stream) is logged whatever LOG_REQUESTS says.
 */
class OneLinePerRequest extends LogController {
  readonly #enabled: boolean;

  constructor(enabled: boolean) {
    super();
    this.#enabled = enabled;
  }

  override incomingRequest() {}

  // "Route GET:/x not found" would be a second line for the same request: its 404 is in the request's line.
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && !this.#enabled) return;
    const ms = Math.round(reply.elapsedTime);
    const { method, originalUrl: url } = request;
    const status = reply.statusCode;
    const line = { method, url, status, ms };
    if (error) reply.log.error({ ...line, err: error }, `${method} ${url} ${status} ${ms} ms: ${error.message}`);
    else reply.log.info(line, `${method} ${url} ${status} ${ms} ms`);
  }
}

/** Fastify's `logController` for the app (server/app.ts). */
export const requestLog = (enabled: boolean): LogController => new OneLinePerRequest(enabled);
