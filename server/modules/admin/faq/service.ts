import type { AdminFaqItem, FaqInput } from '../../../../shared/schemas/admin-content.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminFaqRepository, FaqRow } from './repository.ts';

const view = (r: FaqRow): AdminFaqItem => ({ id: r.id, position: r.position, question: r.question, answer: r.answer });

/**
 * The FAQ in the console (issue 6 §6): questions and Markdown answers in both languages, added at the end, edited,
 * deleted and put in order. The site renders and sanitises the answers as it does pages (content/markdown.ts).
 * Every change is audited in its transaction; the site's content memo is dropped after commit (`invalidate`).
 */
export function adminFaqService(opts: {
  db: Db;
  repo: AdminFaqRepository;
  audit: AuditService;
  invalidate: () => void;
}) {
  const { db, repo, audit } = opts;

  return {
    list: async () => (await repo.list()).map(view),

    async get(id: number) {
      const row = await repo.get(id);
      return row ? view(row) : null;
    },

    async create(actor: Actor, input: FaqInput): Promise<AdminFaqItem> {
      const row = await db.transaction(async (tx) => {
        await repo.lockAll(tx);
        const created = await repo.insert(input, tx);
        await audit.record(
          actor,
          { action: 'faq.create', entity: 'faq', entityId: created.id, after: view(created) },
          tx,
        );
        return created;
      });
      opts.invalidate();
      return view(row);
    },

    async update(actor: Actor, id: number, input: FaqInput): Promise<AdminFaqItem> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.lock(id, tx);
        if (!before) throw new AppError('not_found');
        const after = await repo.update(id, input, tx);
        await audit.record(
          actor,
          { action: 'faq.update', entity: 'faq', entityId: id, before: view(before), after: view(after) },
          tx,
        );
        return after;
      });
      opts.invalidate();
      return view(row);
    },

    /** Deletes a question; the audit entry keeps its text. */
    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await repo.delete(id, tx);
        if (!gone) throw new AppError('not_found');
        await audit.record(actor, { action: 'faq.delete', entity: 'faq', entityId: id, before: view(gone) }, tx);
      });
      opts.invalidate();
    },

    /**
     * Puts the questions in the order of `ids`, which must name every question once: an order made from a list that
     * changed meanwhile (another operator added or deleted one) is refused rather than half-applied.
     */
    async reorder(actor: Actor, ids: number[]): Promise<AdminFaqItem[]> {
      const rows = await db.transaction(async (tx) => {
        const before = await repo.lockAll(tx);
        const known = new Set(before.map((r) => r.id));
        if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
          throw new AppError('faq_changed');
        }
        for (const [position, id] of ids.entries()) await repo.update(id, { position }, tx);
        await audit.record(
          actor,
          {
            action: 'faq.reorder',
            entity: 'faq',
            entityId: 'order',
            before: before.map((r) => r.id),
            after: ids,
          },
          tx,
        );
        return repo.list(tx);
      });
      opts.invalidate();
      return rows.map(view);
    },
  };
}
