import { existsSync } from 'node:fs';
import { isBuiltin, registerHooks, type ResolveFnOutput } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Start-up speed (docs/decisions/0030-start-from-snapshot.md): registered before the server's modules load
 * (scripts/start.ts); everything not named here goes the usual way.
 *
 * - Node looks up the nearest package.json for every ESM file it loads, to learn its format, and re-reads that
 *   package's `exports` map each time. drizzle-orm's map is ~180 KB and the server loads ~300 of its files: ~0.6 s of
 *   CPU at each start. A relative `.js` import inside drizzle-orm (a `"type": "module"` package) can only be an ES
 *   module, so it is resolved here without that look-up.
 * - A package name (`drizzle-orm/pg-core`, `fastify`) is resolved again, exports map and all, by every file that
 *   imports it: ~150 such imports from the server's own files cost ~0.4 s, most of it drizzle-orm's map again. Its
 *   answer depends only on the name, the conditions and the folders Node searches from the importing file (the
 *   nearest package.json, for a package importing itself, and the `node_modules` folders above it), so it is kept
 *   per those and reused.
 */

/** For a folder: the nearest folder with a package.json and the nearest with a node_modules, as one key. */
const searchFrom = new Map<string, string>();
function searchKey(dir: string): string {
  const known = searchFrom.get(dir);
  if (known !== undefined) return known;
  const up = path.dirname(dir);
  const [scope, modules] = up === dir ? ['', ''] : searchKey(up).split('\0');
  const key = [
    existsSync(path.join(dir, 'package.json')) ? dir : scope,
    existsSync(path.join(dir, 'node_modules')) ? dir : modules,
  ].join('\0');
  searchFrom.set(dir, key);
  return key;
}

const packageNames = new Map<string, ResolveFnOutput>();
const isPackageName = (specifier: string) =>
  !specifier.startsWith('.') &&
  !specifier.startsWith('/') &&
  !specifier.startsWith('#') &&
  !specifier.includes(':') &&
  !isBuiltin(specifier);

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      specifier.endsWith('.js') &&
      context.parentURL?.includes('/node_modules/drizzle-orm/')
    ) {
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    }
    if (context.parentURL?.startsWith('file:') && isPackageName(specifier)) {
      const key = [
        specifier,
        context.conditions.join(','),
        searchKey(path.dirname(fileURLToPath(context.parentURL))),
      ].join('\0');
      const known = packageNames.get(key);
      if (known) return { ...known, shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      packageNames.set(key, resolved);
      return resolved;
    }
    return nextResolve(specifier, context);
  },
});
