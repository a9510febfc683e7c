import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useRevalidator } from 'react-router';
import type { AdminWithdrawal } from '../../../../shared/schemas/admin-partners.ts';
import { catalogueMessage } from '../../../../shared/field-issues.ts';
import { formatMoney } from '../../../../shared/format.ts';
import { useLocale } from '../../../lib/locale.ts';
import { referralUnit } from '../figures.tsx';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useConsoleTime } from '../../../lib/time-zone.ts';

const tone = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

/**
 * One payout request with its decision: "Paid" asks for the payout's reference, "Reject" for the reason; both are
 * shown to the partner. A request another operator decided meanwhile is refused by the server (409) and said so here.
 * A decision's confirmation goes to the page (`onDecided`): the list reloads after it, and this card leaves a pending
 * list or is drawn anew with its new status, so a message of its own went with it unseen.
 */
export function WithdrawalCard({ item, onDecided }: { item: AdminWithdrawal; onDecided: (message: string) => void }) {
  const { t } = useTranslation('adminPartners');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<'pay' | 'reject' | null>(null);
  const form = useConsoleForm<AdminWithdrawal>();
  // Checked here before asking the server: an empty reference or reason is never sent.
  const [missing, setMissing] = useState(false);
  const when = useConsoleTime();
  const field = open === 'pay' ? 'reference' : 'reason';
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, form.errors);
  // The opened form takes the keyboard to its field (the operator asked for it by pressing the button).
  useEffect(() => {
    if (open) formRef.current?.querySelector('input')?.focus();
  }, [open]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!open) return;
    const value = String(new FormData(e.currentTarget).get(field) ?? '').trim();
    setMissing(!value);
    if (!value) return;
    const res = await form.send('POST', `/api/v1/admin/withdrawals/${item.id}/${open}/`, { [field]: value });
    if (res?.ok) {
      onDecided(t(open === 'pay' ? 'actions.paid' : 'actions.rejected', { id: item.id }));
      setOpen(null);
    }
  }

  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="withdrawal">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="font-semibold text-ink">{t('item.number', { id: item.id })}</h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${tone[item.status]}`}>
          {t(`status.${item.status}`)}
        </span>
        <span className="ml-auto text-lg font-semibold text-ink tabular-nums">
          {formatMoney(item.amount, referralUnit, locale)}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">{t('item.partner')}</dt>
          <dd className="break-all text-ink">{item.partner.email}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('item.requisites')}</dt>
          <dd className="font-mono break-all text-ink">{item.requisites}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('item.created')}</dt>
          <dd className="text-ink">{when(item.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('item.balance')}</dt>
          <dd className="text-ink tabular-nums">{formatMoney(item.balance, referralUnit, locale)}</dd>
        </div>
        {item.decidedAt && (
          <div>
            <dt className="text-slate-500">{t('item.decided')}</dt>
            <dd className="text-ink">{when(item.decidedAt)}</dd>
          </div>
        )}
        {item.reference && (
          <div>
            <dt className="text-slate-500">{t('item.reference')}</dt>
            <dd className="font-mono break-all text-ink">{item.reference}</dd>
          </div>
        )}
        {item.reason && (
          <div>
            <dt className="text-slate-500">{t('item.reason')}</dt>
            <dd className="text-ink">{item.reason}</dd>
          </div>
        )}
      </dl>
      {item.status === 'pending' && (
        <div className="mt-4">
          <div className="flex flex-wrap gap-2">
            {(['pay', 'reject'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                aria-expanded={open === kind}
                onClick={() => {
                  setOpen(open === kind ? null : kind);
                  setMissing(false);
                  form.reset();
                }}
                className={kind === 'pay' ? 'btn-primary' : 'btn-secondary'}
              >
                {t(`actions.${kind}`)}
              </button>
            ))}
          </div>
          {open && (
            <form ref={formRef} onSubmit={(e) => void submit(e)} className="mt-3 max-w-lg" noValidate>
              <FormAlert messages={form.general} />
              <TextField
                name={field}
                label={t(open === 'pay' ? 'actions.referenceLabel' : 'actions.reasonLabel')}
                hint={t(open === 'pay' ? 'actions.referenceHint' : 'actions.reasonHint')}
                errors={missing ? [catalogueMessage('field_required', locale)] : form.field(field)}
                maxLength={open === 'pay' ? 200 : 500}
                autoComplete="off"
              />
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="submit" className="btn-primary" aria-busy={form.busy || undefined} disabled={form.busy}>
                  {t(open === 'pay' ? 'actions.confirmPay' : 'actions.confirmReject')}
                </button>
                {form.general.length ? (
                  <button type="button" className="btn-ghost" onClick={() => void revalidator.revalidate()}>
                    {t('actions.reload')}
                  </button>
                ) : null}
              </div>
            </form>
          )}
        </div>
      )}
    </li>
  );
}
