import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.ts';

describe('page compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('sends the rendered HTML brotli-compressed to a browser that accepts it', async () => {
    const res = await t.inject({ url: '/en/rules', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<html lang="en-US">');
    expect(res.rawPayload.length).toBeLessThan(html.length / 2);
  });

  it('sends plain HTML to a client that asks for none, and leaves API answers alone', async () => {
    const plain = await t.inject({ url: '/rules' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<html lang="ru-RU">');
    const api = await t.inject({ url: '/api/v1/nothing', headers: { 'accept-encoding': 'br' } });
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.json()).toMatchObject({ code: 'not_found' });
  });
});
