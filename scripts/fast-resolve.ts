import { registerHooks } from 'node:module';

/**
 * Start-up speed (docs/decisions/0030-start-from-snapshot.md): Node looks up the nearest package.json for every ESM
 * file it loads, to learn its format, and re-reads that package's `exports` map each time. drizzle-orm's map is
 * ~180 KB and the server loads ~300 of its files: ~0.6 s of CPU at each start. A relative `.js` import inside
 * drizzle-orm (a `"type": "module"` package) can only be an ES module, so it is resolved here without that look-up.
 * Registered before the server's modules load (scripts/start.ts); everything else goes the usual way.
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      specifier.endsWith('.js') &&
      context.parentURL?.includes('/node_modules/drizzle-orm/')
    ) {
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
