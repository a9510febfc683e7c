import path from 'node:path';
import './fast-resolve.ts';
import { ensureBuild } from './ensure-build.ts';

/**
 * `npm start`: builds the site when the build is missing or older than its sources, then serves it.
 * A fresh clone needs nothing else: the embedded database and demo data come up on their own.
 */

ensureBuild(path.resolve(process.env.BUILD_DIR ?? 'build'));
const { main } = await import('../server/main.ts');
await main();
