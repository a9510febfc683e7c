import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { pairQuery, paths } from '../../../shared/paths.ts';
import { apiUrl, postJson, type DrfErrors } from '../../lib/api.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { ErrorList, Field, inputClass } from '../exchange/form-parts.tsx';
import { ClaimStepForm } from './claim-step-form.tsx';
import { claimPanelStrings } from '../../i18n/claim-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The panels' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(claimPanelStrings);

/** The comment's limit on the server (claimLateSchema). */
const commentMax = 1000;

/**
 * An expired claim's two ways on: a new claim, or "I already paid" — the customer reports money sent after the
 * deadline (POST /claim/{id}/late/, with the payment's reference and a comment for the operator), and the claim
 * goes to late_payment for the operator to find it. A 409 (already reported, or no longer expired) is said in the
 * server's words and the page reads where the claim is now.
 */
export function LatePayment({
  uuid,
  pair,
  onSent,
  onRefused,
}: {
  uuid: string;
  /** The claim's currency codes: "Create a new order" opens the same pair, what a customer whose time ran out wants. */
  pair?: { from: string; to: string };
  onSent: () => void;
  onRefused: () => void;
}) {
  useLocaleStrings(claimPanelStrings);
  const { t } = useTranslation('claimPanels');
  const { t: tClaim } = useTranslation('claim');
  const locale = useLocale();
  const to = useLocalizedHref();
  const commentId = useId();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<DrfErrors | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) form.current?.querySelector<HTMLElement>('input, textarea')?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // A field error takes the keyboard to the first field it names.
  useEffect(() => {
    if (errors) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    setSending(true);
    setErrors(null);
    const res = await postJson(apiUrl(locale, `/api/v1/claim/${encodeURIComponent(uuid)}/late/`), {
      txid: text('txid'),
      comment: text('comment'),
    });
    setSending(false);
    if (res.ok) {
      onSent();
      return;
    }
    if (res.network) {
      setErrors({ general: [tClaim('pay.offline')], fields: {} });
      return;
    }
    const general =
      res.errors.general.length || Object.keys(res.errors.fields).length ? res.errors.general : [t('late.failed')];
    setErrors({ general, fields: res.errors.fields });
    if (res.status === 409) onRefused();
  }

  const commentErrors = errors?.fields.comment;
  return (
    <div className="mt-4">
      <div className="flex flex-wrap gap-3">
        <Link
          to={pair ? to(paths.home) + pairQuery(pair.from, pair.to) : to(paths.home)}
          className="btn-primary px-5 py-2.5"
          data-testid="claim-new"
        >
          {t('state.newClaim')}
        </Link>
        {!open && (
          <button
            ref={opener}
            type="button"
            className="btn-secondary px-5 py-2.5"
            aria-expanded={false}
            onClick={() => setOpen(true)}
            data-testid="late-open"
          >
            {t('late.open')}
          </button>
        )}
      </div>
      {open && (
        <ClaimStepForm
          ref={form}
          onSubmit={(e) => void send(e)}
          titleId="claim-late-title"
          title={t('late.title')}
          text={t('late.text')}
          className="mt-4 rounded-xl bg-white p-4 ring-1 ring-slate-200"
          testId="late-form"
          error={errors?.general[0]}
          sending={sending}
          submit={{
            label: t('late.submit'),
            sendingLabel: t('late.sending'),
            testId: 'late-submit',
            className: 'px-5 py-2.5',
          }}
          cancel={{
            label: t('late.cancel'),
            onClick: () => {
              setOpen(false);
              setErrors(null);
            },
            className: 'px-5 py-2.5',
          }}
        >
          <div className="grid gap-4">
            <Field
              label={t('late.reference')}
              name="txid"
              maxLength={200}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              errors={errors?.fields.txid}
            />
            <div>
              <label htmlFor={commentId} className="mb-1.5 block text-sm font-medium text-slate-700">
                {t('late.comment')}
              </label>
              <textarea
                id={commentId}
                name="comment"
                rows={3}
                maxLength={commentMax}
                className={`${inputClass} ${commentErrors?.length ? 'border-red-600' : 'border-slate-300'}`}
                aria-invalid={commentErrors?.length ? true : undefined}
                aria-describedby={commentErrors?.length ? `${commentId}-error` : `${commentId}-hint`}
              />
              {commentErrors?.length ? (
                <ErrorList id={`${commentId}-error`} messages={commentErrors} />
              ) : (
                <p id={`${commentId}-hint`} className="mt-1.5 text-sm text-slate-600">
                  {t('late.commentHint')}
                </p>
              )}
            </div>
          </div>
        </ClaimStepForm>
      )}
    </div>
  );
}
