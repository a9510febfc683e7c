import type { SiteOverrides, SiteSettingsView } from '../../../../shared/schemas/admin-content.ts';
import type { Db } from '../../../db/client.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { SettingsRepository } from '../../../db/settings-repository.ts';
import { mergeSite, siteKey, toOverrides, type SiteSettingsStore } from '../../site/site-settings.ts';

/**
 * The console's site settings (issue 6 §6): support e-mail, payment window, chat and analytics scripts, each
 * overriding its environment variable. Saved with its audit entry in one transaction; then this process's copy is
 * replaced and the answers built from the old values are dropped (`invalidate`: the content memo for
 * `{{supportEmail}}` in texts, the calculator's cached pair settings for the payment window).
 */
export function adminSettingsService(opts: {
  db: Db;
  repo: SettingsRepository;
  site: SiteSettingsStore;
  audit: AuditService;
  invalidate: () => void;
}) {
  const { db, repo, site, audit } = opts;

  const view = (overrides: SiteOverrides): SiteSettingsView => ({
    overrides,
    defaults: site.defaults,
    effective: mergeSite(site.defaults, overrides),
  });

  return {
    /** Read from the database (not the memory copy), so the form shows what is stored even if another process saved. */
    async site(): Promise<SiteSettingsView> {
      return view(toOverrides(await repo.getSetting(siteKey)));
    },

    async setSite(actor: Actor, input: SiteOverrides): Promise<SiteSettingsView> {
      const saved = await db.transaction(async (tx) => {
        const before = toOverrides(await repo.getSetting(siteKey, tx));
        await repo.putSetting(siteKey, input, tx);
        await audit.record(
          actor,
          { action: 'setting.update', entity: 'setting', entityId: siteKey, before, after: input },
          tx,
        );
        return input;
      });
      site.set(saved);
      opts.invalidate();
      return view(saved);
    },
  };
}
