import { useRef, useState } from 'react';
import type { ErrorCode } from '../../../shared/errors.ts';
import type { StaffMember } from '../../../shared/schemas/admin-staff.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useConsoleTime } from '../../lib/time-zone.ts';
import { FormAlert } from '../form/form-alert.tsx';
import { ReloadButton } from './page-parts.tsx';
import { useConsoleForm, useFocusOnRefusal } from './use-console-form.ts';

/**
 * One member of the team on /admin/staff: e-mail, role, last use and, for an admin looking at someone else, the role
 * buttons ("Make admin" / "Make operator", "Take access away" after a question). A change the server refuses (the last
 * admin, one's own role, a row another admin has taken off the team since the page loaded) is said next to the row in
 * the page's language, and the keyboard goes to that message (`useFocusOnRefusal`, docs/admin/staff.md). A row no
 * longer on the team offers "Reload" instead of its role buttons: `onReload` re-reads the team in place.
 */
export function StaffMemberRow({
  m,
  me,
  isAdmin,
  onReload,
}: {
  m: StaffMember;
  me: number;
  isAdmin: boolean;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const when = useConsoleTime();
  const form = useConsoleForm();
  const [confirming, setConfirming] = useState(false);
  // Taken off the team by another admin since the page loaded: no role applies to it any more, only a reload helps.
  const [gone, setGone] = useState(false);
  const rowRef = useRef<HTMLLIElement>(null);
  useFocusOnRefusal(rowRef, form.errors);
  // Whatever the server refused (a 409 guard rail, a row no longer on the team, a 403), said next to the row.
  const refusal = form.errors ? [...form.general, ...Object.values(form.errors.fields).flat()] : [];
  const setRole = async (role: string) => {
    setConfirming(false);
    const res = await form.send('PUT', `/api/v1/admin/staff/${m.id}/`, { role });
    if (res)
      setGone(
        !res.ok && (res.body as { code?: unknown } | undefined)?.code === ('staff_not_member' satisfies ErrorCode),
      );
  };
  const reload = async () => {
    await onReload();
    // Still listed after the reload (given the console again meanwhile): its buttons are back, the old refusal goes.
    setGone(false);
    form.reset();
  };
  const mine = m.id === me;
  return (
    <li
      ref={rowRef}
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="staff-member"
      data-email={m.email}
    >
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
          <div
            data-refusal
            tabIndex={-1}
            className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-red-300"
            data-testid="staff-refusal"
          >
            <FormAlert messages={refusal} className="mb-3" />
          </div>
          {gone ? (
            <ReloadButton label={t('staff.reload')} onClick={() => void reload()} />
          ) : confirming ? (
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
