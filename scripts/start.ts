import { enableCompileCache, flushCompileCache } from 'node:module';
import path from 'node:path';
import './fast-resolve.ts';
import { ensureBuild } from './ensure-build.ts';

/**
 * `npm start`: builds the site when the build is missing or older than its sources, then serves it.
 * A fresh clone needs nothing else: the embedded database and demo data come up on their own.
 */

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
ensureBuild(buildDir);
// Start-up speed (docs/decisions/0030-start-from-snapshot.md, "Later"): V8's code cache for the server's modules, its
// TypeScript with the types stripped and the site's bundle, kept in the build folder. Each entry is checked against
// its file's contents, so a changed file is compiled again, never served stale. A build folder the process cannot
// write only leaves the cache off.
enableCompileCache(path.join(buildDir, '.node-compile-cache'));
const { main } = await import('../server/main.ts');
await main();
// Written now rather than at exit: a process that is killed (SIGKILL, a crash in native code) would lose it.
flushCompileCache();
