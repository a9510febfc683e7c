import type {
  AdminNewsItem,
  ContestInput,
  AdminPage,
  MaintenanceInput,
  MonitoringItem,
  NewsInput,
} from '../../../../shared/schemas/admin-content.ts';
import { fieldIssue } from '../../../../shared/field-issues.ts';
import type { Db } from '../../../db/client.ts';
import type { ContestSetting, LocalizedText } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { maintenanceKey, type CalculatorService } from '../../calculator/service.ts';
import type { contentService } from '../../content/service.ts';
import { renderMarkdown } from '../../content/markdown.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminContentRepository, MonitoringStatus, NewsQuery, NewsRow, RegistrationRow } from './repository.ts';

const newsView = (r: NewsRow): AdminNewsItem => ({ ...r, publishedAt: r.publishedAt.toISOString() });
const registrationView = (r: RegistrationRow): MonitoringItem => ({
  id: r.id,
  name: r.name,
  url: r.url,
  email: r.email,
  comment: r.comment,
  locale: r.locale,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/**
 * The console's content section (issue 6 §6), first slice: news and updates (publish, edit, withdraw), the content
 * pages' texts, a preview rendered by the site's own Markdown renderer (so the preview is the result, sanitised the
 * same way), maintenance mode, and the monitoring registrations inbox. Every change is audited in its transaction;
 * the site's content memo and the calculator's answers are dropped after commit.
 */
export function adminContentService(opts: {
  db: Db;
  repo: AdminContentRepository;
  content: ReturnType<typeof contentService>;
  calculator: CalculatorService;
  audit: AuditService;
  /** The support address in force (the admin's site setting or SUPPORT_EMAIL). */
  supportEmail: () => string;
}) {
  const { db, repo, content, calculator, audit } = opts;
  const slugTaken = () => new AppError('validation', { fields: { slug: [fieldIssue('field_slug_taken')] } });

  return {
    preview: (markdown: string) => ({ html: renderMarkdown(markdown, { supportEmail: opts.supportEmail() }) }),

    async news(q: NewsQuery) {
      const { count, rows } = await repo.news(q);
      return { count, results: rows.map(newsView) };
    },

    async newsItem(id: number) {
      const row = await repo.newsItem(id);
      return row ? newsView(row) : null;
    },

    async createNews(actor: Actor, input: NewsInput): Promise<AdminNewsItem> {
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertNews(input, tx);
        if (!created) throw slugTaken();
        await audit.record(
          actor,
          { action: 'news.create', entity: 'news', entityId: created.id, after: newsView(created) },
          tx,
        );
        return created;
      });
      content.invalidate();
      return newsView(row);
    },

    async updateNews(actor: Actor, id: number, input: NewsInput): Promise<AdminNewsItem> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.newsItem(id, tx);
        if (!before) throw new AppError('not_found');
        if (await repo.slugTaken(input.locale, input.slug, id, tx)) throw slugTaken();
        const after = await repo.updateNews(id, input, tx);
        await audit.record(
          actor,
          { action: 'news.update', entity: 'news', entityId: id, before: newsView(before), after: newsView(after!) },
          tx,
        );
        return after!;
      });
      content.invalidate();
      return newsView(row);
    },

    /** Withdraws an item from the site (its address answers 404 from then on); the audit entry keeps its text. */
    async deleteNews(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await repo.deleteNews(id, tx);
        if (!gone) throw new AppError('not_found');
        await audit.record(actor, { action: 'news.delete', entity: 'news', entityId: id, before: newsView(gone) }, tx);
      });
      content.invalidate();
    },

    async page(slug: string): Promise<AdminPage | null> {
      const row = await repo.page(slug);
      return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
    },

    async pages(): Promise<AdminPage[]> {
      return (await repo.pages()).map((p) => ({ ...p, updatedAt: p.updatedAt.toISOString() }));
    },

    async updatePage(
      actor: Actor,
      slug: string,
      input: { title: LocalizedText; description: LocalizedText; body: LocalizedText },
    ): Promise<AdminPage> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.page(slug, tx);
        if (!before) throw new AppError('not_found');
        const after = await repo.updatePage(slug, input, tx);
        await audit.record(
          actor,
          {
            action: 'page.update',
            entity: 'page',
            entityId: slug,
            before: { title: before.title, description: before.description, body: before.body },
            after: input,
          },
          tx,
        );
        return after!;
      });
      content.invalidate();
      return { ...row, updatedAt: row.updatedAt.toISOString() };
    },

    async contest(): Promise<ContestInput> {
      const value = await repo.getSetting<Partial<ContestSetting>>('contest');
      return {
        status: value?.status === 'active' ? 'active' : 'inactive',
        title: value?.title ?? { ru: '', en: '' },
        startsAt: value?.startsAt ?? null,
        endsAt: value?.endsAt ?? null,
        prizes: value?.prizes ?? [],
      };
    },

    /** The header's contest banner: shown while active, to every visitor who has not dismissed it. */
    async setContest(actor: Actor, value: ContestInput): Promise<ContestInput> {
      const before = await this.contest();
      await db.transaction(async (tx) => {
        await repo.putSetting('contest', value, tx);
        await audit.record(
          actor,
          { action: 'setting.update', entity: 'setting', entityId: 'contest', before, after: value },
          tx,
        );
      });
      content.invalidate();
      return this.contest();
    },

    maintenance: (): Promise<MaintenanceInput> => calculator.maintenance(),

    /** Maintenance on: the calculator reports it (calculator/tech) and claim creation is refused with the message. */
    async setMaintenance(actor: Actor, value: MaintenanceInput): Promise<MaintenanceInput> {
      const before = await calculator.maintenance();
      await db.transaction(async (tx) => {
        await calculator.putSetting(maintenanceKey, value, tx);
        await audit.record(
          actor,
          { action: 'setting.update', entity: 'setting', entityId: maintenanceKey, before, after: value },
          tx,
        );
      });
      calculator.cache.invalidate();
      return calculator.maintenance();
    },

    async monitoring(q: { page: number; size: number; status?: MonitoringStatus | undefined }) {
      const { count, rows } = await repo.monitoring(q);
      return { count, results: rows.map(registrationView) };
    },

    /**
     * Accepts (the site is listed on /partners at once) or rejects a request that is still new. The conditional
     * update decides races: the second operator gets 409, nothing is listed twice.
     */
    async decideMonitoring(actor: Actor, id: number, decision: 'accept' | 'reject'): Promise<MonitoringItem> {
      const row = await db.transaction(async (tx) => {
        const decided = await repo.decide(id, decision === 'accept' ? 'accepted' : 'rejected', tx);
        if (!decided) {
          throw new AppError((await repo.registration(id, tx)) ? 'monitoring_decided' : 'not_found');
        }
        const partner = decision === 'accept' ? await repo.addMonitorPartner(decided, tx) : null;
        await audit.record(
          actor,
          {
            action: `monitoring.${decision}`,
            entity: 'monitoring',
            entityId: id,
            before: { status: 'new' },
            after: { status: decided.status, ...(partner ? { partnerId: partner.id } : {}) },
          },
          tx,
        );
        return decided;
      });
      content.invalidate();
      return registrationView(row);
    },
  };
}
