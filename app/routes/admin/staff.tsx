import { useCallback, useRef, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { staffRoles } from '../../../shared/schemas/admin-staff.ts';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { StaffMemberRow } from '../../components/admin/staff-member.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../../components/admin/use-console-form.ts';
import { TextField } from '../../components/form/fields.tsx';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import type { Route } from './+types/staff';

/** The team (issue 6 §1): who has the console, read in-process like GET /api/v1/admin/staff/; an admin changes it. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await staffReader(context, request);
  return { members: await services.admin.staff.list(), me: user.id, isAdmin: user.role === 'admin' };
}

const select = 'focus-ring mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-ink';

function GrantForm() {
  const { t } = useTranslation('admin');
  const form = useConsoleForm();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, form.errors);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const res = await form.send('POST', '/api/v1/admin/staff/', {
      email: String(data.get('email') ?? ''),
      role: String(data.get('role') ?? ''),
    });
    if (res?.ok) (e.target as HTMLFormElement).reset();
  }
  return (
    <section aria-labelledby="staff-grant" className="card p-4 sm:p-6">
      <h2 id="staff-grant" className="text-lg font-semibold text-ink">
        {t('staff.grantTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('staff.grantText')}</p>
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        noValidate
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        data-testid="staff-grant"
      >
        <div className="sm:col-span-3">
          <FormAlert messages={form.general} />
        </div>
        <TextField name="email" type="email" label={t('staff.email')} autoComplete="off" errors={form.field('email')} />
        <label className="text-sm font-medium text-slate-700">
          {t('staff.role')}
          <select name="role" defaultValue="operator" className={select}>
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary sm:mt-7" aria-busy={form.busy || undefined} disabled={form.busy}>
          {form.busy ? t('common.saving') : t('staff.grant')}
        </button>
      </form>
      {form.saved && (
        <p role="status" className="mt-3 text-sm text-emerald-700">
          {t('staff.granted')}
        </p>
      )}
    </section>
  );
}

export default function StaffPage({ loaderData: { members, me, isAdmin } }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const revalidator = useRevalidator();
  const membersHeading = useRef<HTMLHeadingElement>(null);
  // A row's "Reload" (a member taken off the team meanwhile) re-reads the team in place. That row is gone afterwards,
  // its button with it, so the keyboard goes to the list's heading rather than <body>: Tab goes on to the first row.
  const reloadTeam = useCallback(async () => {
    await revalidator.revalidate();
    membersHeading.current?.focus();
  }, [revalidator]);
  return (
    <div className="space-y-4">
      <section className="card p-4 sm:p-6">
        <PageTitle title={t('staff.title')} />
        <h1 className="text-2xl font-bold text-ink">{t('staff.title')}</h1>
        <p className="mt-1 text-slate-600">{t('staff.text')}</p>
        {!isAdmin && (
          <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800">{t('staff.adminOnly')}</p>
        )}
      </section>
      {isAdmin && <GrantForm />}
      <section aria-labelledby="staff-members" className="card p-4 sm:p-6">
        <h2
          id="staff-members"
          ref={membersHeading}
          tabIndex={-1}
          className="focus-ring rounded-md text-lg font-semibold text-ink"
        >
          {t('staff.members')}
        </h2>
        <ul className="mt-3 space-y-3">
          {members.map((m) => (
            <StaffMemberRow key={m.id} m={m} me={me} isAdmin={isAdmin} onReload={reloadTeam} />
          ))}
        </ul>
      </section>
    </div>
  );
}
