import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

/**
 * Writes .br and .gz beside every text asset of the client build, so requests never compress (docs/performance.md).
 * The .gz files come from Zopfli: valid gzip, ~3 % smaller than zlib's level 9 (a claim page's first-load scripts
 * 136.6 -> 132.5 KiB), for a few seconds of build (docs/decisions/0028).
 */

const root = path.resolve(process.argv[2] ?? path.join(process.env.BUILD_DIR ?? 'build', 'client'));
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

let count = 0;
for (const file of walk(root)) {
  if (!compressible.test(file) || statSync(file).size < 512) continue;
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, await gzipAsync(body, { numiterations: 5 }));
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root)}`);
