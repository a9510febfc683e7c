import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';

/** The settings table's rows the console's settings section owns (today the 'site' overrides). */
export function adminSettingsRepository(db: Db) {
  return {
    async get<T>(key: string, tx: Tx = db): Promise<T | null> {
      const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return (row?.value as T | undefined) ?? null;
    },

    async put(key: string, value: unknown, tx: Tx) {
      await tx
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },
  };
}
export type AdminSettingsRepository = ReturnType<typeof adminSettingsRepository>;
