import { createHash } from 'node:crypto';
import { paths } from '../../../../shared/paths.ts';
import { bannerMaxBytes, type AdminMonitor } from '../../../../shared/schemas/admin-monitors.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import { bannerTypeOf } from './banner-image.ts';
import type { AdminMonitorsRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<AdminMonitorsRepository['get']>>>;
const view = (r: Row): AdminMonitor => ({
  id: r.id,
  name: r.name,
  url: r.url,
  reviewUrl: r.reviewUrl,
  banner: r.bannerHash ? paths.monitorBanner(r.id, r.bannerHash) : null,
});

/**
 * The console's monitors (issue 14): each monitor's banner for the footer and its review page for completed claims.
 * Every change is audited in its transaction (the banner by its hash and type, not its bytes); the site's content
 * memo is dropped after commit (`invalidate`), so the footer shows it at once.
 */
export function adminMonitorsService(opts: {
  db: Db;
  repo: AdminMonitorsRepository;
  audit: AuditService;
  invalidate: () => void;
}) {
  const { db, repo, audit } = opts;

  async function change(actor: Actor, id: number, action: string, apply: (tx: Tx) => Promise<unknown>) {
    const after = await db.transaction(async (tx) => {
      if (!(await repo.lock(id, tx))) throw new AppError('not_found');
      const before = (await repo.get(id, tx))!;
      await apply(tx);
      const changed = (await repo.get(id, tx))!;
      await audit.record(
        actor,
        { action, entity: 'monitor', entityId: id, before: view(before), after: view(changed) },
        tx,
      );
      return changed;
    });
    opts.invalidate();
    return view(after);
  }

  return {
    list: async () => (await repo.list()).map(view),

    async get(id: number) {
      const row = await repo.get(id);
      return row ? view(row) : null;
    },

    setReviewUrl: (actor: Actor, id: number, reviewUrl: string | null) =>
      change(actor, id, 'monitor.review', (tx) => repo.setReviewUrl(id, reviewUrl, tx)),

    /** Stores an uploaded banner: a raster image by its own bytes (never SVG), at most `bannerMaxBytes`. */
    async putBanner(actor: Actor, id: number, data: Buffer): Promise<AdminMonitor> {
      if (data.length > bannerMaxBytes) throw new AppError('banner_too_large');
      const contentType = bannerTypeOf(data);
      if (!contentType) throw new AppError('banner_type');
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
      return change(actor, id, 'monitor.banner', (tx) => repo.putBanner(id, { contentType, data, hash }, tx));
    },

    removeBanner: (actor: Actor, id: number) =>
      change(actor, id, 'monitor.banner.delete', (tx) => repo.deleteBanner(id, tx)),
  };
}
