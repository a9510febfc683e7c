import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateSources } from '../../db/schema-admin-rates.ts';
import { claims } from '../../db/schema-exchange.ts';
import { mailOutbox } from '../../db/schema-mail.ts';

/** What a scrape reads from the database: three small queries, each on an index or a one-row-per-source table. */
export const metricsRepository = (db: Db) => ({
  /** Claims per status (an index-only scan of claims_status_created). */
  claimsByStatus: () => db.select({ status: claims.status, n: count() }).from(claims).groupBy(claims.status),
  /** Letters waiting for delivery (the partial index mail_outbox_due holds exactly these). */
  async outboxPending(): Promise<number> {
    const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    return row?.n ?? 0;
  },
  rateSources: () =>
    db.select({ source: rateSources.source, lastSuccessAt: rateSources.lastSuccessAt }).from(rateSources),
});

export type MetricsRepository = ReturnType<typeof metricsRepository>;
