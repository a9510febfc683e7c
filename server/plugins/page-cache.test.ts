import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, namesEtag, pageStore } from './page-cache.ts';

const page = (bytes: number, until = Infinity) => ({
  status: 200,
  headers: [],
  plain: Buffer.alloc(bytes),
  encoded: {},
  scriptHashes: '',
  until,
  bytes,
  etag: 'W/"x"',
});
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the page store', () => {
  it('keeps at most its number of pages and its bytes, dropping the least recently asked for first', () => {
    const store = pageStore({ maxBytes: 10_000, maxEntries: 10 });
    for (let i = 0; i < 10; i++) store.set(`/p${i}`, page(100));
    for (let i = 0; i < 10; i++) expect(store.get(`/p${i}`, 0), `/p${i}`).toBeDefined();
    store.set('/new', page(100));
    expect(store.size()).toBe(10);
    // /p0 was asked for longest ago.
    expect(store.get('/p0', 0)).toBeUndefined();
    expect(store.get('/p1', 0)).toBeDefined();

    const small = pageStore({ maxBytes: 1_000 });
    for (let i = 0; i < 6; i++) small.set(`/b${i}`, page(190));
    expect(small.bytes()).toBeLessThanOrEqual(1_000);
    expect(small.get('/b0', 0)).toBeUndefined();
    expect(small.get('/b5', 0)).toBeDefined();
  });

  it('keeps the pages asked for again when a run of one-off addresses comes through', () => {
    const store = pageStore({ maxBytes: 1_000_000, maxEntries: 20 });
    store.set('/', page(1000));
    store.get('/', 0);
    for (let i = 0; i < 500; i++) store.set(`/?probe=${i}`, page(1000));
    expect(store.get('/', 0)).toBeDefined();
    expect(store.size()).toBeLessThanOrEqual(20);
  });

  it('drops a page past its moment, everything on clear, and refuses a page larger than its share', () => {
    const store = pageStore({ maxBytes: 1_000 });
    store.set('/rates', page(10, 5_000));
    expect(store.get('/rates', 4_999)).toBeDefined();
    expect(store.get('/rates', 5_000)).toBeUndefined();
    expect(store.size()).toBe(0);

    store.set('/a', page(10));
    const generation = store.generation;
    store.clear();
    expect(store.generation).toBe(generation + 1);
    expect(store.get('/a', 0)).toBeUndefined();
    expect(store.bytes()).toBe(0);

    store.set('/huge', page(900));
    expect(store.get('/huge', 0)).toBeUndefined();
  });

  it('counts a compressed copy added later against its bytes', () => {
    const store = pageStore({ maxBytes: 1_000 });
    const entry = page(100);
    store.set('/a', entry);
    store.grew('/a', entry, 50);
    expect(store.bytes()).toBe(150);
    store.clear();
    // No longer kept: nothing to count.
    store.grew('/a', entry, 50);
    expect(store.bytes()).toBe(0);
  });
});

describe('the inline scripts’ hashes', () => {
  it('hashes the scripts that carry the render’s nonce, as a browser reads them, and nothing else', () => {
    const html = [
      '<script nonce="N1">window.a = 1;</script>',
      '<script nonce="N1" type="module" async="">import "/x.js";\r\nrun();</script>',
      '<script nonce="N1" src="/assets/app.js"></script>',
      // Markup injected through content: no nonce (or a guessed one), so no hash either; it stays blocked.
      '<script>alert(1)</script>',
      '<script nonce="N2">alert(2)</script>',
    ].join('');
    expect(inlineScriptHashes(html, 'N1').split(' ')).toEqual([sha('window.a = 1;'), sha('import "/x.js";\nrun();')]);
    expect(inlineScriptHashes('<p>no scripts</p>', 'N1')).toBe('');
  });
});

describe('If-None-Match', () => {
  it('names a copy by its validator, weakly, in a list, or as *', () => {
    const etag = 'W/"abc"';
    expect(namesEtag('W/"abc"', etag)).toBe(true);
    expect(namesEtag('"abc"', etag)).toBe(true);
    expect(namesEtag('W/"old", W/"abc"', etag)).toBe(true);
    expect(namesEtag('*', etag)).toBe(true);
    expect(namesEtag('W/"abcd"', etag)).toBe(false);
    expect(namesEtag('', etag)).toBe(false);
    expect(namesEtag(undefined, etag)).toBe(false);
  });
});
