import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { staffRoles, type StaffMember } from '../../../shared/schemas/admin-staff.ts';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { useConsoleForm, useFocusOnRefusal } from '../../components/admin/use-console-form.ts';
import { TextField } from '../../components/form/fields.tsx';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import type { Route } from './+types/staff';
import { useConsoleTime } from '../../lib/time-zone.ts';

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

function Member({ m, me, isAdmin }: { m: StaffMember; me: number; isAdmin: boolean }) {
  const { t } = useTranslation('admin');
  const when = useConsoleTime();
  const form = useConsoleForm();
  const [confirming, setConfirming] = useState(false);
  const setRole = async (role: string) => {
    setConfirming(false);
    await form.send('PUT', `/api/v1/admin/staff/${m.id}/`, { role });
  };
  const mine = m.id === me;
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="staff-member" data-email={m.email}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold break-all text-ink">{m.email}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            m.role === 'admin' ? 'bg-brand-100 text-brand-700' : 'bg-slate-100 text-slate-700'
          }`}
        >
          {t(`role.${m.role}`)}
        </span>
        {mine && <span className="text-xs text-slate-600">({t('staff.you')})</span>}
        {!m.activated && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
            {t('staff.notActivated')}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {m.lastSeenAt
          ? t('staff.lastSeen', {
              when: when(m.lastSeenAt),
            })
          : t('staff.neverSeen')}
      </p>
      {form.saved && (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          {t('staff.changed')}
        </p>
      )}
      {isAdmin && !mine && (
        <div className="mt-3">
          <FormAlert messages={form.general} />
          {confirming ? (
            <div className="flex flex-wrap items-center gap-2 rounded-xl bg-red-50 p-3">
              <p className="w-full text-sm text-red-900">{t('staff.confirmRevoke', { email: m.email })}</p>
              <button type="button" className="btn-primary" onClick={() => void setRole('customer')}>
                {t('staff.revoke')}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </button>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-secondary"
                disabled={form.busy}
                onClick={() => void setRole(m.role === 'admin' ? 'operator' : 'admin')}
              >
                {m.role === 'admin' ? t('staff.makeOperator') : t('staff.makeAdmin')}
              </button>
              <button type="button" className="btn-secondary" disabled={form.busy} onClick={() => setConfirming(true)}>
                {t('staff.revoke')}
              </button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

export default function StaffPage({ loaderData: { members, me, isAdmin } }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
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
        <h2 id="staff-members" className="text-lg font-semibold text-ink">
          {t('staff.members')}
        </h2>
        <ul className="mt-3 space-y-3">
          {members.map((m) => (
            <Member key={m.id} m={m} me={me} isAdmin={isAdmin} />
          ))}
        </ul>
      </section>
    </div>
  );
}
