import path from 'node:path';
import { makeSnapshot, snapshotCache } from '../server/db/snapshot.ts';

/**
 * The last step of `npm run build`: the migrated and seeded embedded database a fresh DATA_DIR starts from
 * (docs/decisions/0030-start-from-snapshot.md), so even the first `npm start` after a build skips initdb and the seed.
 */

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
const dir = await makeSnapshot(snapshotCache(buildDir));
console.log(`database snapshot in ${path.relative(process.cwd(), dir)}`);
