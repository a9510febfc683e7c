import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLog } from './request-log.ts';

/** An app whose log lines land in an array, with the request log on or off. */
async function appLogging(enabled: boolean) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino(sink), logController: requestLog(enabled) });
  app.get('/thing/:id', async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request, when the answer has gone: method, url, status, milliseconds', async () => {
    const { app, lines } = await appLogging(true);
    await app.inject('/thing/42?x=1');
    await app.inject('/missing');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', url: '/thing/42?x=1', status: 200 });
    expect(lines[0]!.msg).toMatch(/^GET \/thing\/42\?x=1 200 \d+ ms$/);
    expect(typeof lines[0]!.ms).toBe('number');
    expect(lines[0]!.reqId).toBeDefined();
    expect(lines[1]).toMatchObject({ url: '/missing', status: 404 });
    await app.close();
  });

  it('writes none with LOG_REQUESTS=false', async () => {
    const { app, lines } = await appLogging(false);
    await app.inject('/thing/1');
    expect(lines).toEqual([]);
    await app.close();
  });
});
