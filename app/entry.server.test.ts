import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { documentRewriter, tuneHead } from './entry.server.tsx';

const page =
  '<!DOCTYPE html><html lang="ru-RU"><head><meta charSet="utf-8"/><title>Т</title>' +
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js" nonce="n"/>' +
  '</head><body><main>Привет, мир</main><script nonce="n" type="module" async="">import "/assets/a.js";</script>' +
  '</body></html>';

/** The page through the rewriter, cut into chunks of `size` bytes (cuts fall inside tags and characters alike). */
async function rewrite(size: number) {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  let finished = false;
  const out = Readable.from(chunks).pipe(documentRewriter(tuneHead, () => (finished = true)));
  const html = await text(out);
  return { html, finished };
}

describe('documentRewriter with tuneHead', () => {
  it('inlines the stylesheet and leaves no script to load before the first paint', async () => {
    const { html, finished } = await rewrite(1 << 20);
    expect(finished).toBe(true);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).toMatch(/<title>Т<\/title><style>[^]*<\/style>$/);
    expect(html).toContain('<main>Привет, мир</main>');
    // The module script is inert as written; nothing in the document is fetched as a script or module preload.
    expect(html).toContain('<script nonce="n" type="text/x-module">import "/assets/a.js";</script>');
    expect(html).not.toMatch(/<script[^>]*type="module"|<link[^>]*modulepreload/);
  });

  it('starts the module script and its preloads from one script with the nonce at the end of the body', async () => {
    const { html } = await rewrite(1 << 20);
    const start = /<script nonce="n">([^<]*)<\/script><\/body><\/html>$/.exec(html);
    expect(start?.[1]).toContain('["/assets/a.js","/assets/b.js"]');
    expect(start?.[1]).toContain('s.type="module"');
  });

  it('gives the same document however the stream is cut', async () => {
    const whole = (await rewrite(1 << 20)).html;
    for (const size of [1, 2, 3, 5, 7, 64]) expect((await rewrite(size)).html).toBe(whole);
  });

  it('passes the document through untouched without a rewrite (development)', async () => {
    const out = Readable.from([Buffer.from(page)]).pipe(documentRewriter(null, () => undefined));
    expect(await text(out)).toBe(page);
  });
});
