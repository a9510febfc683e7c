import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { registerProxyHint } from './proxy-hint.ts';

/** An app with the hint (TRUST_PROXY as given) whose warnings land in an array. */
async function appWithHint(trustProxy: boolean) {
  const warnings: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) {
        const line = JSON.parse(l) as Record<string, unknown>;
        if (line.level === 40) warnings.push(line);
      }
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino(sink) as FastifyBaseLogger, trustProxy, disableRequestLogging: true });
  registerProxyHint(app, trustProxy);
  app.get('/ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  return { app, warnings };
}

describe('proxy hint', () => {
  it('warns once when X-Forwarded-For arrives with TRUST_PROXY off, and does not trust the header', async () => {
    const { app, warnings } = await appWithHint(false);
    await app.inject('/ip');
    expect(warnings).toEqual([]);
    const forwarded = await app.inject({ url: '/ip', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.json()).toEqual({ ip: '127.0.0.1' });
    await app.inject({ url: '/ip', headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/X-Forwarded-For but TRUST_PROXY is off.*set TRUST_PROXY=true/);
    await app.close();
  });

  it('says nothing with TRUST_PROXY on, where the forwarded address is the client', async () => {
    const { app, warnings } = await appWithHint(true);
    const forwarded = await app.inject({ url: '/ip', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.json()).toEqual({ ip: '203.0.113.7' });
    expect(warnings).toEqual([]);
    await app.close();
  });
});
