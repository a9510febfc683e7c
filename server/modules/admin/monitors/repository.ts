import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { partnerBanners, partners } from '../../../db/schema.ts';
import { monitorsWithBanners } from '../../content/repository.ts';

/** The monitors (partners of kind 'monitoring') with their banner's version, as the console lists them. */
export function adminMonitorsRepository(db: Db) {
  return {
    list: (tx: Tx = db) => monitorsWithBanners(tx).orderBy(asc(partners.position), asc(partners.id)),

    async get(id: number, tx: Tx = db) {
      const [row] = await monitorsWithBanners(tx, eq(partners.id, id));
      return row ?? null;
    },

    /** Locks the monitor's row for the change (two operators uploading at once: one after the other). */
    async lock(id: number, tx: Tx) {
      const [row] = await tx
        .select({ id: partners.id })
        .from(partners)
        .where(and(eq(partners.id, id), eq(partners.kind, 'monitoring')))
        .for('update');
      return row ?? null;
    },

    setReviewUrl: (id: number, reviewUrl: string | null, tx: Tx) =>
      tx.update(partners).set({ reviewUrl }).where(eq(partners.id, id)),

    putBanner: (id: number, banner: { contentType: string; data: Buffer; hash: string }, tx: Tx) =>
      tx
        .insert(partnerBanners)
        .values({ partnerId: id, ...banner })
        .onConflictDoUpdate({ target: partnerBanners.partnerId, set: { ...banner, updatedAt: new Date() } }),

    deleteBanner: (id: number, tx: Tx) => tx.delete(partnerBanners).where(eq(partnerBanners.partnerId, id)),
  };
}
export type AdminMonitorsRepository = ReturnType<typeof adminMonitorsRepository>;
