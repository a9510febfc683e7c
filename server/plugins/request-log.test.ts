import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLog, writeRequestLine } from './request-log.ts';

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

describe('writeRequestLine', () => {
  /** What a pino logger writes, line by line, into an array of strings. */
  const capture = () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    return { lines, log: pino(sink) };
  };

  it("writes the line pino's own info call writes, the request's id and a url that needs escaping included", async () => {
    const { lines, log } = capture();
    const child = log.child({ reqId: 'req-7' });
    const url = '/en/news/"quoted"\\path?q=\u00e9\u2028&x=<b>';
    const line = { method: 'GET', url, status: 404, ms: 3 };
    child.info(line, `GET ${url} 404 3 ms`);
    writeRequestLine(child, line);
    log.info({ reqId: 'req-8', ...line }, `GET ${url} 404 3 ms`);
    writeRequestLine(log, { reqId: 'req-8', ...line });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(4);
    // Byte for byte the same but for the time each was written at.
    const untimed = (text: string) => text.replace(/"time":\d+/, '"time":0');
    expect(untimed(lines[1]!)).toBe(untimed(lines[0]!));
    expect(untimed(lines[3]!)).toBe(untimed(lines[2]!));
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 30, reqId: 'req-7', url, status: 404, ms: 3 });
  });

  it('writes nothing when the level is above info', async () => {
    const { lines, log } = capture();
    log.level = 'warn';
    writeRequestLine(log, { reqId: 'req-1', method: 'GET', url: '/', status: 200, ms: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
  });
});
