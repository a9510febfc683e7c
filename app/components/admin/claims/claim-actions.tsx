import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useRevalidator } from 'react-router';
import { CircleCheck } from '../../icons/circle-check.tsx';
import { LoaderCircle } from '../../icons/loader-circle.tsx';
import { claimActionRules, type AdminClaim, type ClaimAction } from '../../../../shared/schemas/admin-claims.ts';
import type { ErrorCode } from '../../../../shared/errors.ts';
import { catalogueMessage } from '../../../../shared/field-issues.ts';
import { apiUrl, requestJson, type DrfErrors } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/locale.ts';
import { TextAreaField, TextField } from '../../form/fields.tsx';
import { RefundTo } from './refund-to.tsx';
import { RequotePreview } from './requote-preview.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { ReloadButton } from '../page-parts.tsx';
import { useGuardedClose, useUnsavedChanges } from '../unsaved-changes.tsx';

/** Which fields each action asks for; `true` = required (the server checks the same, claimActionBodies). */
const fieldsOf: Record<ClaimAction, { reason?: boolean; reference?: boolean }> = {
  received: {},
  complete: { reference: true },
  hold: { reason: true },
  requote: {},
  refund: { reference: false },
  cancel: { reason: false },
};

/**
 * The fields of `action` from `status`: a refund the customer asked for (refund_requested) needs the transfer's
 * reference — the customer is told where their money went, and the server refuses it without one.
 */
function fieldsFor(action: ClaimAction, status: AdminClaim['status']): { reason?: boolean; reference?: boolean } {
  if (action === 'refund' && status === 'refund_requested') return { reference: true };
  return fieldsOf[action];
}

/**
 * The operator's actions on a claim: a button per action the status allows, each opening its short form (reason for
 * the customer, payout reference, a note for operators). Sent with the status the operator is looking at: if another
 * operator or the customer moved the claim meanwhile, the server refuses (409) and the form says so, with a reload.
 */
export function ClaimActions({ claim }: { claim: AdminClaim }) {
  const { t } = useTranslation('adminClaims');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<ClaimAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<DrfErrors | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [done, setDone] = useState<ClaimAction | null>(null);
  // "Offer a new rate" on a claim its direction cannot price now (the preview said so, or the server on confirm): no
  // offer can be sent, so its confirm is off; the claim has not moved, so this is no conflict to reload.
  const [unpriceable, setUnpriceable] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  // What an open form holds is asked about before another action or "Back" closes it, as the console's other editors
  // do; leaving the page asks through the console's frame (docs/admin/README.md).
  const region = useRef<HTMLDivElement>(null);
  const guardedClose = useGuardedClose(region);

  const choose = (action: ClaimAction | null) => {
    setOpen(action);
    setErrors(null);
    setConflict(null);
    setDone(null);
    setUnpriceable(false);
  };
  const chooseAsking = (action: ClaimAction | null) => (open ? guardedClose(() => choose(action)) : choose(action));

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !open || (open === 'requote' && unpriceable)) return;
    const form = new FormData(e.currentTarget);
    const text = (name: string) => (form.has(name) ? String(form.get(name)) : undefined);
    // A required field left empty is said at once, in the server's own words (claimActionBodies), without a round trip.
    const missing = Object.entries(fieldsFor(open, claim.status))
      .filter(([name, required]) => required && !text(name)?.trim())
      .map(([name]) => name);
    if (missing.length) {
      setConflict(null);
      setErrors({
        general: [],
        fields: Object.fromEntries(missing.map((name) => [name, [catalogueMessage('field_required', locale)]])),
      });
      return;
    }
    setBusy(true);
    setErrors(null);
    setConflict(null);
    const res = await requestJson<AdminClaim>(
      apiUrl(locale, `/api/v1/admin/claims/${encodeURIComponent(claim.uuid)}/${open}/`),
      {
        method: 'POST',
        body: { expected: claim.status, reason: text('reason'), reference: text('reference'), note: text('note') },
      },
    );
    setBusy(false);
    if (res.ok) {
      setDone(open);
      setOpen(null);
      void revalidator.revalidate();
      return;
    }
    const code = (res.body as { code?: unknown } | null | undefined)?.code;
    if (code === ('claim_requote_unavailable' satisfies ErrorCode)) {
      // Priced again on confirm and refused: said like the preview's refusal, above the form, with no "Reload".
      setUnpriceable(true);
      setErrors({ general: res.errors.general.length ? res.errors.general : [t('actions.failed')], fields: {} });
    } else if (res.status === 409) setConflict(res.errors.general[0] ?? t('actions.moved'));
    else if (res.errors.general.length || Object.keys(res.errors.fields).length) setErrors(res.errors);
    else setErrors({ general: [t('actions.failed')], fields: {} });
  }

  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  if (!claim.actions.length) {
    return (
      <div>
        {done && <Done action={done} refEl={status} />}
        <p className="text-sm text-slate-600">{t('actions.none')}</p>
      </div>
    );
  }

  return (
    <div>
      {done && <Done action={done} refEl={status} />}
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('actions.title')}>
        {claim.actions.map((action) => (
          <button
            key={action}
            type="button"
            aria-expanded={open === action}
            aria-controls={open === action ? 'claim-action-form' : undefined}
            onClick={() => chooseAsking(open === action ? null : action)}
            className={action === 'complete' ? 'btn-primary' : 'btn-secondary'}
            data-testid={`action-${action}`}
          >
            {t(`actions.${action}`)}
          </button>
        ))}
      </div>
      <div ref={region}>
        {open && (
          // A form of its own per action: another action starts from empty fields, compared with those.
          <ActionForm
            key={open}
            claim={claim}
            action={open}
            busy={busy}
            errors={errors}
            conflict={conflict}
            unpriceable={unpriceable}
            onUnpriceable={setUnpriceable}
            onSubmit={(e) => void submit(e)}
            onBack={() => chooseAsking(null)}
            // Not asked: the operator was just told the claim moved, and what the form held was for the claim as it was.
            onReload={() => {
              choose(null);
              void revalidator.revalidate();
            }}
          />
        )}
      </div>
    </div>
  );
}

/** One action's short form; it joins the console's guard for unsaved edits while it is open. */
function ActionForm({
  claim,
  action,
  busy,
  errors,
  conflict,
  unpriceable,
  onUnpriceable,
  onSubmit,
  onBack,
  onReload,
}: {
  claim: AdminClaim;
  action: ClaimAction;
  busy: boolean;
  errors: DrfErrors | null;
  conflict: string | null;
  unpriceable: boolean;
  onUnpriceable: (unpriceable: true) => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onBack: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation('adminClaims');
  const formRef = useRef<HTMLFormElement>(null);
  const firstField = useRef<HTMLDivElement>(null);
  // Sent or closed, the form is gone, and with it what it held: nothing to mark saved.
  useUnsavedChanges(formRef);

  useEffect(() => {
    firstField.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, []);

  // A field error takes the keyboard to the first field it names.
  useEffect(() => {
    if (errors) firstField.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const fields = fieldsFor(action, claim.status);
  const hintOf =
    action === 'refund' && claim.status === 'refund_requested'
      ? ('actions.refundRequestedHint' as const)
      : (`actions.${action}Hint` as const);
  return (
    <form
      ref={formRef}
      id="claim-action-form"
      onSubmit={onSubmit}
      noValidate
      className="mt-4 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-labelledby="claim-action-title"
    >
      <h3 id="claim-action-title" className="font-semibold text-ink">
        {t(`actions.${action}`)}
      </h3>
      <p className="mb-3 text-sm text-slate-600">
        {/* A partner is credited only where the claim came with one (a guest without a link credits nobody). */}
        {action === 'complete' && claim.partner
          ? t('actions.completeHintPartner', { partner: claim.partner })
          : t(hintOf)}
      </p>
      {/* What the offer would be, before the customer sees it. */}
      {action === 'requote' && <RequotePreview key={claim.status} claim={claim} onUnavailable={onUnpriceable} />}
      {/* The target again where the operator confirms: the send card's own details are where the money came from. */}
      {action === 'refund' && claim.refundRequisites && (
        <div className="mb-3">
          <RefundTo claim={claim} testId="action-refund-to" />
        </div>
      )}
      {conflict ? (
        <div
          role="alert"
          className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
        >
          <p>{conflict}</p>
          <ReloadButton label={t('actions.reload')} onClick={onReload} className="mt-2" />
        </div>
      ) : (
        <FormAlert messages={errors?.general ?? []} />
      )}
      <div ref={firstField} className="grid gap-3">
        {/* No maxLength on these fields: it cut a longer pasted text silently, the end out of sight. What is past the
            server's limit (500 for the reason, 200 the reference, 1000 the note) is refused under its field instead,
            the text as typed. The reason, which the customer reads, is written on several lines. */}
        {'reason' in fields && (
          <TextAreaField
            name="reason"
            label={t('actions.reason')}
            required={fields.reason}
            errors={errors?.fields.reason}
          />
        )}
        {'reference' in fields && (
          <TextField
            name="reference"
            // A refund's reference is the refund's transfer, as the claim, the page and the letter then name it.
            label={t(action === 'refund' ? 'actions.refundReference' : 'actions.reference')}
            hint={t('actions.referenceHint')}
            required={fields.reference}
            autoComplete="off"
            spellCheck={false}
            errors={errors?.fields.reference}
          />
        )}
        <TextField name="note" label={t('actions.note')} hint={t('actions.noteHint')} errors={errors?.fields.note} />
      </div>
      {errors?.fields.expected && <FormAlert messages={errors.fields.expected} />}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="submit"
          aria-busy={busy || undefined}
          // No offer is possible (the preview or the refusal above says why): the way on is a refund.
          disabled={action === 'requote' && unpriceable}
          className={`${action === 'complete' ? 'btn-primary' : 'btn-secondary'} inline-flex items-center gap-2`}
          data-testid="action-confirm"
        >
          {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {/* Every action, a re-quote too, is confirmed in the one form: "Confirm: …" with the button's name. */}
          {busy ? t('actions.working') : t('actions.confirm', { action: t(`actions.${action}`) })}
        </button>
        <button type="button" className="btn-ghost" onClick={onBack}>
          {t('actions.back')}
        </button>
      </div>
    </form>
  );
}

function Done({ action, refEl }: { action: ClaimAction; refEl: RefObject<HTMLParagraphElement | null> }) {
  const { t } = useTranslation('adminClaims');
  const { t: tClaim } = useTranslation('claim');
  return (
    <p
      ref={refEl}
      tabIndex={-1}
      role="status"
      className="mb-3 flex items-center gap-2 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200 outline-none"
      data-testid="action-done"
    >
      <CircleCheck aria-hidden="true" className="size-4" />
      {t('actions.done', { status: tClaim(`status.${claimActionRules[action].to}`) })}
    </p>
  );
}
