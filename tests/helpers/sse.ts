import type { FastifyInstance } from 'fastify';

/** One thing a Server-Sent Events stream said: an event, a comment line (the heartbeat), or its end. */
export type SseItem =
  | { kind: 'event'; id: string | undefined; event: string; data: unknown }
  | { kind: 'comment'; text: string }
  | { kind: 'end' };

/** Listens on a free port of 127.0.0.1 (a real HTTP client is what reads a stream) and answers the base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/**
 * Opens a stream with fetch and reads it as a client would: `next()` answers the next event or comment (or the end)
 * within `timeoutMs`, else throws. `status` and `headers` are the answer's.
 */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const items: SseItem[] = [];
  const waiting: ((item: SseItem) => void)[] = [];
  const push = (item: SseItem) => {
    const w = waiting.shift();
    if (w) w(item);
    else items.push(item);
  };
  if (res.ok && res.body && res.status === 200) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            if (lines.every((l) => l.startsWith(':'))) {
              push({ kind: 'comment', text: lines.map((l) => l.slice(1).trim()).join('\n') });
              continue;
            }
            const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
            const data = field('data');
            if (data === undefined) continue; // retry: only
            push({ kind: 'event', id: field('id'), event: field('event') ?? 'message', data: JSON.parse(data) });
          }
        }
      } catch {
        // Aborted by close().
      }
      push({ kind: 'end' });
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    /** The body of an answer that is not a stream. */
    json: () => res.json() as Promise<unknown>,
    next(timeoutMs = 2000): Promise<SseItem> {
      const ready = items.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          reject(new Error(`nothing on the stream within ${timeoutMs} ms`));
        }, timeoutMs);
        const done = (item: SseItem) => {
          clearTimeout(timer);
          resolve(item);
        };
        waiting.push(done);
      });
    },
    /** The next event, skipping heartbeats. */
    async nextEvent(timeoutMs = 2000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const item = await this.next(Math.max(1, until - Date.now()));
        if (item.kind !== 'comment') return item;
      }
    },
    close: () => controller.abort(),
  };
}
