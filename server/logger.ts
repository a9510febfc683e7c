import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';
import { redactedError } from './log-redaction.ts';

type LogConfig = Pick<Config, 'logLevel' | 'logFormat'>;

let prettyStream: DestinationStream | null | undefined;

/**
 * pino-pretty's stream, or null when it is not installed: it is a development dependency, absent from a production
 * install (`npm ci --omit=dev`), so it is looked up at run time rather than imported. One stream for every logger of
 * the process, so their lines never interleave mid-line.
 */
function prettyDestination(): DestinationStream | null {
  if (prettyStream !== undefined) return prettyStream;
  try {
    const build = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream;
    prettyStream = build({
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      // The request line says it all in its message; pid, host and request ids are for machines.
      ignore: 'pid,hostname,reqId,method,url,status,ms',
      singleLine: true,
    });
  } catch {
    prettyStream = null;
  }
  return prettyStream;
}

let jsonStream: DestinationStream | undefined;

/**
 * JSON lines on stdout, written in batches: pino's default destination makes one write system call per line, and a
 * line per request then cost about 40 % of a small answer's throughput (docs/performance.md). Lines gather in memory
 * for the rest of the event loop's turn and go out in one write when the loop comes round (setImmediate), so under
 * load one call carries the lines of many requests, and a quiet server still writes each line at once. The write is
 * synchronous (sonic-boom retries a full pipe), so nothing is reordered; what gathered is written at exit, a crash
 * included. One stream for every logger of the process, so lines never interleave.
 */
function jsonDestination(): DestinationStream {
  if (jsonStream) return jsonStream;
  const out = pino.destination({ dest: 1, sync: true });
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending) return;
    const lines = pending;
    pending = '';
    out.write(lines);
  };
  process.on('exit', flush);
  jsonStream = {
    write(line: string) {
      pending += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
  return jsonStream;
}

/**
 * Where the lines go: JSON on stdout for machines (production, a pipe, a log collector), readable lines when a
 * person watches the terminal. LOG_FORMAT forces either; `pretty` without pino-pretty installed falls back to JSON.
 */
function logDestination(config: LogConfig, isTerminal = !!process.stdout.isTTY): DestinationStream {
  const wantPretty = config.logFormat ? config.logFormat === 'pretty' : isTerminal;
  return (wantPretty && prettyDestination()) || jsonDestination();
}

/** A logger of the process: the app's own (Fastify's `loggerInstance`) or a module's (`name`: mail, rates). */
export function createLogger(config: LogConfig, name?: string): Logger {
  return pino(
    {
      level: config.logLevel,
      ...(name ? { name } : {}),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      // A failed query's parameters and a driver error's detail are customers' data: never in the log.
      serializers: { err: redactedError },
    },
    logDestination(config),
  );
}
