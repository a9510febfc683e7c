import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { composedGzip, deflatePiece, joinedGzip, negotiateEncoding } from './page-compression.ts';

/** `gz` read back by a streaming reader fed `step` bytes at a time, as a browser reads the network. */
async function gunzipInSteps(gz: Buffer, step: number): Promise<Buffer> {
  const gunzip = createGunzip();
  const out: Buffer[] = [];
  gunzip.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => gunzip.on('end', resolve).on('error', reject));
  for (let at = 0; at < gz.length; at += step) gunzip.write(gz.subarray(at, at + step));
  gunzip.end();
  await done;
  return Buffer.concat(out);
}

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
  });

  it('honours q-values, including a refusal with q=0', () => {
    expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*;q=0, identity')).toBeNull();
    expect(negotiateEncoding('gzip;q=0.5, *;q=0.1')).toBe('br');
  });

  it('sends plain bytes when nothing or only unknown encodings are offered', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate, zstd')).toBeNull();
  });
});

describe('composedGzip', () => {
  const style = (rule: string) => `<style>${Array.from({ length: 400 }, (_, i) => `.c${i}{${rule}}`).join('')}</style>`;
  const stylesheet = style('color:red;margin:0 auto');
  const markup = Array.from({ length: 300 }, (_, i) => `<li class="c${i}">Обмен №${i}: 1,5 ₽ → €</li>`).join('');
  const pages = {
    'with the stylesheet in the head': `<!DOCTYPE html><html><head><title>Т</title>${stylesheet}</head><body>${markup}</body></html>`,
    'starting with the stylesheet': `${stylesheet}<p>${markup}</p>`,
    'ending with the stylesheet': `<p>${markup}</p>${stylesheet}`,
    'that is only the stylesheet': stylesheet,
  };

  it.each(Object.entries(pages))('reads back as the same bytes for a page %s', (_, text) => {
    const page = Buffer.from(text);
    const gz = composedGzip(page);
    expect(gz).not.toBeNull();
    expect(gunzipSync(gz!).equals(page)).toBe(true);
  });

  it('reads back through a streaming reader fed a few bytes at a time, as a browser reads the network', async () => {
    const page = Buffer.from(pages['with the stylesheet in the head']);
    expect((await gunzipInSteps(composedGzip(page)!, 7)).equals(page)).toBe(true);
  });

  it('is about as small as gzip of the whole page', () => {
    const page = Buffer.from(pages['with the stylesheet in the head']);
    expect(composedGzip(page)!.length).toBeLessThan(gzipSync(page, { level: 6 }).length * 1.1);
  });

  it('stays right when the stylesheet changes between pages (a new build in the same process)', () => {
    for (const rule of ['color:red', 'color:blue', 'color:red']) {
      const page = Buffer.from(`<head>${style(rule)}</head><body>${markup}</body>`);
      expect(gunzipSync(composedGzip(page)!).equals(page)).toBe(true);
    }
  });

  it('leaves a page without a large stylesheet to be compressed whole', () => {
    expect(composedGzip(Buffer.from(`<html><body>${markup}</body></html>`))).toBeNull();
    expect(composedGzip(Buffer.from(`<style>.a{color:red}</style>${markup}`))).toBeNull();
    expect(composedGzip(Buffer.from(`<style>${'.a{}'.repeat(2000)}`))).toBeNull();
  });
});

describe('joinedGzip', () => {
  const markup = Array.from({ length: 300 }, (_, i) => `<li class="c${i}">Обмен №${i}: 1,5 ₽ → €</li>`).join('');
  const cases: Record<string, string[]> = {
    'the fill in the middle': [`<p>${markup}`, `</p><script>x="`, `"</script>`],
    'the fill first and last': ['', markup, ''],
    'no fill at all': [markup],
    'fills side by side': [markup, '', '', markup],
  };

  it.each(Object.entries(cases))('reads back as the pieces joined by the fill, with %s', (_, texts) => {
    const parts = texts.map((text) => Buffer.from(text));
    const pieces = parts.map((part) => deflatePiece(part));
    for (const fill of ['ann@obmen.test', 'bob.longer+tag@obmen.example', '', 'x'.repeat(70_000)]) {
      const gz = joinedGzip(pieces, Buffer.from(fill));
      expect(gunzipSync(gz).toString()).toBe(texts.join(fill));
    }
  });

  it('reads back through a streaming reader fed a few bytes at a time', async () => {
    const parts = cases['the fill in the middle']!.map((text) => Buffer.from(text));
    const gz = joinedGzip(
      parts.map((part) => deflatePiece(part)),
      Buffer.from('ann@obmen.test'),
    );
    expect((await gunzipInSteps(gz, 5)).toString()).toBe(cases['the fill in the middle']!.join('ann@obmen.test'));
  });
});
