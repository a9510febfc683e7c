import { fileURLToPath } from 'node:url';

/**
 * The drizzle migrations' folder. Its own module so that server/db/snapshot.ts, which a start runs before the
 * database's modules load (docs/decisions/0030-start-from-snapshot.md, "Later"), can name it without loading
 * client.ts (PGlite, drizzle, pg).
 */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
