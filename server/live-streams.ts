import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Server-Sent Events answers, written straight to the socket (docs/decisions/0021-live-status.md): `reply.hijack()`
 * takes the answer away from Fastify, so no onSend hook (compression, the 404 limiter) ever holds it back, and the
 * headers the onRequest hooks set (server/plugins/security.ts) are copied onto it by hand.
 *
 * Every open stream is counted here: per client address and per process, refused past either limit before anything
 * is written (429 and 503, with Retry-After). `endAll` ends them at shutdown: an open stream never finishes by
 * itself, so `app.close()` would otherwise wait on it.
 */

export interface LiveStream {
  /** One event; `data` goes out as JSON on one line. */
  send(event: { id?: number | undefined; event: string; data: unknown }): void;
  /** Ends the answer (idempotent); the client's EventSource reconnects unless it closed itself. */
  end(): void;
  /** Runs once when the stream ends, from either side. */
  onEnd(fn: () => void): void;
  readonly ended: boolean;
}

export interface StreamLimits {
  maxStreams: number;
  maxPerAddress: number;
  heartbeatMs: number;
}

/** How long a client waits before reconnecting after a dropped stream (the `retry:` field). */
const reconnectMs = 3000;

/** `gauge`: set to the number of open streams on every change (the metrics' `obmen_sse_streams`). */
export function liveStreams(limits: StreamLimits, gauge?: { set(value: number): void }) {
  const open = new Set<LiveStream>();
  const perAddress = new Map<string, number>();
  /** What a HEAD request opens: a stream already ended, so its route's sends are dropped and its cleanups run at once. */
  const headStream: LiveStream = {
    send() {},
    end() {},
    onEnd(fn) {
      fn();
    },
    ended: true,
  };

  return {
    /** Open streams of this process (metrics, tests). */
    get size() {
      return open.size;
    },

    /**
     * Checks the limits, then hijacks the reply and writes the stream's headers. Throws an AppError (answered as
     * usual, the reply untouched) when a limit is reached. A HEAD request (Fastify answers HEAD on every GET route)
     * gets the stream's headers and the end at once, as an already ended stream: a stream that never ends has no
     * HEAD answer at all (Node writes a HEAD answer's headers with its end), so the client waited forever, a request
     * pipelined after it on the connection too, and the stream held one of the address's places.
     */
    open(request: FastifyRequest, reply: FastifyReply): LiveStream {
      const address = request.ip;
      const mine = perAddress.get(address) ?? 0;
      if (mine >= limits.maxPerAddress) {
        reply.header('retry-after', '30');
        throw new AppError('too_many_streams');
      }
      if (open.size >= limits.maxStreams) {
        reply.header('retry-after', '10');
        throw new AppError('streams_full');
      }
      reply.hijack();
      const raw = reply.raw;
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx buffers proxied answers unless told not to.
        'x-accel-buffering': 'no',
      });
      if (request.method === 'HEAD') {
        raw.end();
        return headStream;
      }
      perAddress.set(address, mine + 1);
      raw.write(`retry: ${reconnectMs}\n\n`);
      // The socket may idle between events for longer than a proxy's read timeout: the heartbeat keeps it busy.
      request.raw.socket.setTimeout(0);
      request.raw.socket.setNoDelay(true);

      const endings: (() => void)[] = [];
      let ended = false;
      const heartbeat = setInterval(() => {
        if (!ended) raw.write(': ping\n\n');
      }, limits.heartbeatMs);
      heartbeat.unref();

      const finish = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        open.delete(stream);
        gauge?.set(open.size);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
        for (const fn of endings) {
          try {
            fn();
          } catch (e) {
            request.log.error(e, 'live stream cleanup failed');
          }
        }
      };
      raw.on('close', finish);

      const stream: LiveStream = {
        send({ id, event, data }) {
          if (ended) return;
          raw.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        end() {
          if (ended) return;
          raw.end();
          finish();
        },
        onEnd(fn) {
          if (ended) fn();
          else endings.push(fn);
        },
        get ended() {
          return ended;
        },
      };
      open.add(stream);
      gauge?.set(open.size);
      return stream;
    },

    /** Ends every open stream (shutdown). */
    endAll() {
      for (const stream of [...open]) stream.end();
    },
  };
}
export type LiveStreams = ReturnType<typeof liveStreams>;
