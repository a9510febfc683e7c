import { eq } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { settings } from './schema.ts';

/**
 * The `settings` table (one JSON value per key: maintenance, contest, referral terms, site overrides...): the one
 * reader and writer that every module's repository includes, so each module keeps its own keys and defaults.
 */
export function settingsRepository(db: Db) {
  return {
    async getSetting<T>(key: string, tx: Tx = db): Promise<T | null> {
      const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return (row?.value as T | undefined) ?? null;
    },

    async putSetting(key: string, value: unknown, tx: Tx = db) {
      await tx
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
