import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { symbols as pinoSymbols, type Logger } from 'pino';

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
    else writeRequestLine(reply.log, line);
  }
}

/** Fastify's `logController` for the app (server/app.ts). */
export const requestLog = (enabled: boolean): LogController => new OneLinePerRequest(enabled);

/** What a request's line says: the request's id when the logger does not carry it (the fast lane's answers). */
export interface RequestLine {
  reqId?: string;
  method: string;
  url: string;
  status: number;
  ms: number;
}

/**
 * A request's line, the one `log.info({ reqId, method, url, status, ms }, 'GET /x 200 0 ms')` writes, built as one
 * string and handed to the logger's destination: pino's generic serialiser (a loop over the fields, a check of each
 * value) cost a ready answer ~15 % of its throughput (docs/performance.md, "The request log"). The same keys in the
 * same order: level, time, the logger's bindings (pid, hostname; a request's own logger adds its reqId), the fields,
 * msg. A logger that is not pino's (none in the app) gets the call as before.
 */
export function writeRequestLine(log: FastifyBaseLogger, line: RequestLine): void {
  const { reqId, method, url, status, ms } = line;
  const internals = log as unknown as Record<symbol, unknown>;
  const stream = internals[pinoSymbols.streamSym] as { write(text: string): void } | undefined;
  const bindings = internals[pinoSymbols.chindingsSym];
  if (!stream || typeof bindings !== 'string') return log.info(line, `${method} ${url} ${status} ${ms} ms`);
  if (!(log as Logger).isLevelEnabled('info')) return;
  const msg = `${method} ${url} ${status} ${ms} ms`;
  const id = reqId === undefined ? '' : `,"reqId":${JSON.stringify(reqId)}`;
  stream.write(
    `{"level":${infoLevel},"time":${Date.now()}${bindings}${id},"method":${JSON.stringify(method)},` +
      `"url":${JSON.stringify(url)},"status":${status},"ms":${ms},"msg":${JSON.stringify(msg)}}\n`,
  );
}
const infoLevel = 30;
