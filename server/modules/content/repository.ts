import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contentPages, settings } from '../../db/schema.ts';

export function contentRepository(db: Db) {
  return {
    async getPage(slug: string, tx: Tx = db) {
      const [row] = await tx.select().from(contentPages).where(eq(contentPages.slug, slug));
      return row ?? null;
    },
    async getSetting<T>(key: string, tx: Tx = db): Promise<T | null> {
      const [row] = await tx.select().from(settings).where(eq(settings.key, key));
      return (row?.value as T | undefined) ?? null;
    },
  };
}
export type ContentRepository = ReturnType<typeof contentRepository>;
