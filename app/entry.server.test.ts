import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { documentRewriter, tuneHead } from './entry.server.tsx';

const page =
  '<!DOCTYPE html><html lang="ru-RU"><head><meta charSet="utf-8"/><title>Т</title>' +
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js" nonce="n"/>' +
  '</head><body><main>Привет, мир</main><script type="module">import "/assets/a.js";</script></body></html>';

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
  it('moves the module preloads to the end of the body at low priority and inlines the stylesheet in the head', async () => {
    const { html, finished } = await rewrite(1 << 20);
    expect(finished).toBe(true);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).toMatch(/<title>Т<\/title><style>[^]*<\/style>$/);
    expect(html).toMatch(
      /<\/script><link rel="modulepreload" fetchpriority="low" href="\/assets\/a\.js" nonce="n"\/><link rel="modulepreload" fetchpriority="low" href="\/assets\/b\.js" nonce="n"\/><\/body><\/html>$/,
    );
    expect(html).toContain('<main>Привет, мир</main>');
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
