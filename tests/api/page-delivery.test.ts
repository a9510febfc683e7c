import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.ts';

/**
 * How pages travel (docs/decisions/0010): compressed when the browser accepts it, plain and whole when it does not,
 * with the stylesheet inline and no script requested before the first paint (0031); and a compressed page in flight
 * when the server is told to stop is still delivered, without holding the shutdown up.
 */

describe('page delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('sends a page brotli-compressed to a browser that accepts it, a third of its size or less', async () => {
    const res = await t.inject({ url: '/en/rules', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-US">/);
    expect(html).toMatch(/<\/html>$/);
    expect(res.rawPayload.length).toBeLessThan(html.length / 3);
  });

  it('sends a rendered page as gzip with the stylesheet compressed once, as small as brotli of the whole page', async () => {
    const rendered = await build({ env: { PAGE_CACHE: 'off' } });
    try {
      const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
      const [gz, again] = [await rendered.inject({ url: '/en/rules', headers }), await rendered.inject('/en/rules')];
      expect(gz.statusCode).toBe(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      const html = gunzipSync(gz.rawPayload).toString('utf8');
      expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
      // The same page as sent plain (the nonce aside: each render has its own).
      const nonce = (page: string) => /nonce="([^"]+)"/.exec(page)?.[1] ?? '';
      expect(html.replaceAll(nonce(html), 'N')).toBe(again.body.replaceAll(nonce(again.body), 'N'));
      // Sent plain, the rendered page says its length up front (the render's bytes as they are, not a stream read out
      // chunk by chunk: app/document-answer.ts), and its headers are the document's.
      expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);
      expect(again.headers['transfer-encoding']).toBeUndefined();
      expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(again.headers['content-security-policy']).toContain(`'nonce-${nonce(again.body)}'`);
      expect(html).toMatch(/<style>[^]*\.btn-primary\{[^]*<\/style>/);
      const brotli = await t.inject({ url: '/en/rules', headers });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(gz.rawPayload.length).toBeLessThan(brotli.rawPayload.length * 1.1);
      // A client that takes brotli alone still gets brotli.
      const brOnly = await rendered.inject({ url: '/en/rules', headers: { 'accept-encoding': 'br' } });
      expect(brOnly.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brOnly.rawPayload).toString('utf8')).toMatch(/<\/html>$/);
    } finally {
      await rendered.close();
    }
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await t.inject({ url: '/faq', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('<html lang="ru-RU">');
  });

  it('sends the whole page uncompressed to a client that asks for no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.inject({ url: '/rules', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toMatch(/^<!DOCTYPE html><html lang="ru-RU">/);
      expect(res.body).toMatch(/<\/html>$/);
    }
  });

  it('inlines the stylesheet in the head, links none, and requests no script before the first paint', async () => {
    const html = (await t.inject('/')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    // The one stylesheet, with the site's own rules in it, before the body.
    expect(head.match(/<style>/g)).toHaveLength(1);
    expect(head).toMatch(/<style>[^]*\.btn-primary\{[^]*<\/style>$/);
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // No module preload and no live module script in the document (docs/decisions/0031): React Router's module script
    // is inert, and the script that starts it after the first paint, with the route's preloads, ends the body.
    expect(html).not.toMatch(/<link[^>]+modulepreload/);
    expect(html).not.toMatch(/<script[^>]+type="module"/);
    expect(html).toMatch(/<script nonce="[^"]+" type="text\/x-module">[^<]*import\("\/assets\/entry\.client-/);
    const start = /<script nonce="[^"]+">([^<]*)<\/script><\/body><\/html>$/.exec(html)?.[1] ?? '';
    expect(start).toContain('requestAnimationFrame');
    expect(start.match(/"\/assets\/[^"]+\.js"/g)?.length).toBeGreaterThan(3);
  });

  it('leaves API answers alone', async () => {
    const res = await t.inject({ url: '/api/v1/nothing', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('stopping while a compressed page is in flight', () => {
  it('delivers the page, ends its connection, and closes at once', async () => {
    const t = await build();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      // close() starts the moment the request arrives, before the page is rendered (as SIGTERM under load would).
      let closing: Promise<number> | undefined;
      t.app.server.once('request', () => {
        const started = Date.now();
        closing = t.app.close().then(() => Date.now() - started);
      });
      const agent = new http.Agent({ keepAlive: true });
      const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: '/rules', agent, headers: { 'accept-encoding': 'br' } }, (r) => {
              const chunks: Buffer[] = [];
              r.on('data', (c: Buffer) => chunks.push(c));
              r.on('end', () =>
                resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks) }),
              );
            })
            .on('error', reject);
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.connection).toBe('close');
      expect(brotliDecompressSync(res.body).toString('utf8')).toMatch(/<html lang="ru-RU">[^]*<\/html>$/);
      // Without the drain the kept-alive connection held close() for keepAliveTimeout (72 s).
      expect(
        await Promise.race([closing, new Promise((r) => setTimeout(() => r('still closing'), 5_000))]),
      ).toBeLessThan(2_000);
      agent.destroy();
    } finally {
      await t.database.close();
    }
  });
});
