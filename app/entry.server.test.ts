import { describe, expect, it } from 'vitest';
import { finishDocument, tuneHead } from './entry.server.tsx';

// What renderToString gives for a page: no doctype, the head first, React Router's module script after the content.
const rendered =
  '<html lang="ru-RU"><head><meta charSet="utf-8"/><title>Т</title>' +
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js" nonce="n"/>' +
  '</head><body><main>Привет, мир</main><script nonce="n" type="module" async="">import "/assets/a.js";</script>' +
  '</body></html>';

describe('finishDocument with tuneHead', () => {
  const html = finishDocument(rendered, tuneHead).toString('utf8');

  it('starts with the doctype, inlines the stylesheet and leaves no script to load before the first paint', () => {
    expect(html.startsWith('<!DOCTYPE html><html lang="ru-RU"><head>')).toBe(true);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).toMatch(/<title>Т<\/title><style>[^]*<\/style>$/);
    expect(html).toContain('<main>Привет, мир</main>');
    // The module script is inert as written; nothing in the document is fetched as a script or module preload.
    expect(html).toContain('<script nonce="n" type="text/x-module">import "/assets/a.js";</script>');
    expect(html).not.toMatch(/<script[^>]*type="module"|<link[^>]*modulepreload/);
  });

  it('starts the module script and its preloads from one script with the nonce at the end of the body', () => {
    const start = /<script nonce="n">([^<]*)<\/script><\/body><\/html>$/.exec(html);
    expect(start?.[1]).toContain('["/assets/a.js","/assets/b.js"]');
    expect(start?.[1]).toContain('s.type="module"');
  });

  it("leaves markup from the content that looks like the module script but lacks the render's nonce", () => {
    const page = rendered.replace('<main>', '<main>not a module: type="module" async="" ');
    const out = finishDocument(page, tuneHead).toString('utf8');
    expect(out).toContain('not a module: type="module" async=""');
    expect(out).toContain('type="text/x-module">import');
  });

  it('still starts the scripts when the body never closes (a render cut short)', () => {
    const cut = rendered.slice(0, rendered.indexOf('</body>'));
    const out = finishDocument(cut, tuneHead).toString('utf8');
    expect(out).toMatch(/<script nonce="n">[^<]*s\.type="module"[^<]*<\/script>$/);
  });

  it('passes the document through untouched without a rewrite (development)', () => {
    expect(finishDocument(rendered, null).toString('utf8')).toBe(`<!DOCTYPE html>${rendered}`);
  });
});
