import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { MaintenanceInput } from '../../../shared/schemas/admin-content.ts';
import { ContestForm } from '../../components/admin/content/contest-form.tsx';
import { SiteForm } from '../../components/admin/content/site-form.tsx';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { useConsoleForm, useFocusOnRefusal } from '../../components/admin/use-console-form.ts';
import { useUnsavedChanges } from '../../components/admin/unsaved-changes.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import type { Route } from './+types/settings';

/**
 * Settings (issue 6 §6): maintenance mode and its message, the site settings over the environment (both changed by
 * an admin only), and the contest banner.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await staffReader(context, request);
  return {
    maintenance: await services.admin.content.maintenance(),
    contest: await services.admin.content.contest(),
    site: await services.admin.settings.site(),
    isAdmin: user.role === 'admin',
  };
}

export default function SettingsPage({ loaderData: { maintenance, contest, site, isAdmin } }: Route.ComponentProps) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  const { busy, saved, general, errors, field, send } = useConsoleForm<MaintenanceInput>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, errors);
  const keep = useUnsavedChanges(formRef);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const res = await send('PUT', '/api/v1/admin/settings/maintenance/', {
      enabled: form.get('enabled') === 'on',
      message: { ru: String(form.get('message.ru') ?? ''), en: String(form.get('message.en') ?? '') },
    });
    if (res?.ok) keep();
  }

  return (
    <div className="space-y-6">
      <section className="card p-4 sm:p-6">
        <PageTitle title={t('settings.title')} />
        <h1 className="text-2xl font-bold text-ink">{t('settings.title')}</h1>
        <h2 className="mt-5 text-lg font-semibold text-ink">{t('settings.maintenance')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.maintenanceText')}</p>
        {!isAdmin && (
          <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800">{t('settings.adminOnly')}</p>
        )}
        <form
          ref={formRef}
          onSubmit={(e) => void submit(e)}
          noValidate
          className="mt-4 max-w-2xl space-y-3"
          data-testid="maintenance-form"
        >
          <FormAlert messages={general} />
          <fieldset disabled={!isAdmin} className="space-y-3">
            <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
              <input type="checkbox" name="enabled" defaultChecked={maintenance.enabled} />
              {t('settings.enabled')}
            </label>
            <TextField
              name="message.ru"
              label={t('settings.messageRu')}
              defaultValue={maintenance.message.ru}
              errors={field('message.ru')}
            />
            <TextField
              name="message.en"
              label={t('settings.messageEn')}
              defaultValue={maintenance.message.en}
              errors={field('message.en')}
            />
            <button type="submit" className="btn-primary" aria-busy={busy || undefined} disabled={busy}>
              {busy ? tAdmin('common.saving') : tAdmin('common.save')}
            </button>
          </fieldset>
        </form>
        {saved && (
          <p role="status" className="mt-3 text-sm text-emerald-700">
            {t('settings.saved')}
          </p>
        )}
      </section>
      <SiteForm site={site} isAdmin={isAdmin} />
      <ContestForm contest={contest} />
    </div>
  );
}
