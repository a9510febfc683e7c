import { useEffect, useRef, useState } from 'react';
import type { AdminPaymentDetail, PaymentCoverage } from '../../../../shared/schemas/admin-payment-details.ts';
import { formatCardNumber } from '../../../../shared/format.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useConsoleTime } from '../../../lib/time-zone.ts';
import { FormAlert } from '../../form/form-alert.tsx';
import { Notice } from '../page-parts.tsx';
import { useEditorToggle } from '../unsaved-changes.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { PaymentDetailForm } from './detail-form.tsx';

/**
 * One detail of the pool on /admin/payment-details: what it is, its uses, "Edit" and "Switch off" / "Switch on". The
 * switch button is disabled while its request runs, which drops the keyboard to <body>: a change that went through
 * gives the focus back to it (now the opposite action, the notice announced), and a refusal takes it to the message
 * by the row's buttons (`useFocusOnRefusal`, as the team's role buttons do). The last active details of a currency with
 * directions are refused with a warning (409) that "Switch off anyway" confirms and "Keep it on" dismisses, the focus
 * back on the switch button (docs/admin/payment-details.md).
 */
export function PaymentDetailRow({
  detail,
  currencies,
}: {
  detail: AdminPaymentDetail;
  currencies: PaymentCoverage[];
}) {
  const { t, i18n } = useTranslation('adminPaymentDetails');
  const when = useConsoleTime();
  const { t: tAdmin } = useTranslation('admin');
  const [editing, setEditing] = useState(false);
  const editorRef = useRef<HTMLDivElement>(null);
  const toggleEditor = useEditorToggle(editorRef, editing, setEditing);
  const [notice, setNotice] = useState<string | null>(null);
  const [warned, setWarned] = useState(false);
  const toggle = useConsoleForm<AdminPaymentDetail>();
  // The buttons and the refusal, not the whole row: the edit form below has invalid fields of its own.
  const actionsRef = useRef<HTMLDivElement>(null);
  const switchRef = useRef<HTMLButtonElement>(null);
  useFocusOnRefusal(actionsRef, toggle.errors);
  // Bumped to give the focus back to the switch button once it is enabled again (an effect runs after that render).
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus) switchRef.current?.focus();
  }, [refocus]);

  async function setActive(active: boolean, confirm = false) {
    setNotice(null);
    const res = await toggle.send('PUT', `/api/v1/admin/payment-details/${detail.id}/active/`, { active, confirm });
    // 409: the last active details of a currency with directions; the message says what follows, then confirm.
    setWarned(res?.status === 409);
    if (res?.ok) {
      setNotice(t(active ? 'switchedOn' : 'switchedOff'));
      setRefocus((n) => n + 1);
    }
  }

  function keepOn() {
    toggle.reset();
    setWarned(false);
    setRefocus((n) => n + 1);
  }

  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="payment-detail">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="font-semibold text-ink">{detail.label[i18n.language as 'ru' | 'en'] || detail.label.ru}</p>
        <span className="text-sm text-slate-600">{detail.currency.code}</span>
        {/* The number a refusal of a duplicate names ("already in the pool, No. 22"). */}
        <span className="text-sm text-slate-500 tabular-nums" data-testid="payment-detail-number">
          {t('item.number', { id: detail.id })}
        </span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${
            detail.active
              ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
              : 'bg-slate-100 text-slate-700 ring-slate-200'
          }`}
        >
          {detail.active ? t('item.on') : t('item.off')}
        </span>
      </div>
      <p className="mt-2 font-mono text-sm break-all text-ink" data-testid="payment-detail-value">
        {formatCardNumber(detail.value)}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {[
          detail.holder ? t('item.holder', { holder: detail.holder }) : null,
          detail.memo ? t('item.memo', { memo: detail.memo }) : null,
          `${t('item.uses', { count: detail.usageCount })}, ${
            detail.lastUsedAt ? t('item.lastUsed', { at: when(detail.lastUsedAt) }) : t('item.never')
          }`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div ref={actionsRef}>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" aria-expanded={editing} onClick={toggleEditor}>
            {tAdmin('common.edit')}
          </button>
          <button
            ref={switchRef}
            type="button"
            className="btn-ghost"
            aria-busy={toggle.busy || undefined}
            disabled={toggle.busy}
            onClick={() => void setActive(!detail.active)}
          >
            {detail.active ? t('item.switchOff') : t('item.switchOn')}
          </button>
        </div>
        {/* The refusal, focused when it comes: Tab goes on to the warning's two answers. */}
        <div
          data-refusal
          tabIndex={-1}
          className="rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-red-300"
          data-testid="payment-detail-refusal"
        >
          <FormAlert messages={toggle.general} className="mt-3" />
        </div>
        {warned && toggle.general.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              aria-busy={toggle.busy || undefined}
              disabled={toggle.busy}
              onClick={() => void setActive(false, true)}
            >
              {t('item.confirmOff')}
            </button>
            <button type="button" className="btn-secondary" onClick={keepOn}>
              {t('item.keepOn')}
            </button>
          </div>
        )}
      </div>
      <Notice text={notice} />
      <div ref={editorRef}>
        {editing && (
          <PaymentDetailForm
            detail={detail}
            currencies={currencies}
            onDone={(m) => {
              setEditing(false);
              setNotice(m);
            }}
          />
        )}
      </div>
    </li>
  );
}
