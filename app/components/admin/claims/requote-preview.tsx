import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LoaderCircle } from '../../icons/loader-circle.tsx';
import type { ErrorCode } from '../../../../shared/errors.ts';
import type { AdminClaim, RequotePreview as Preview } from '../../../../shared/schemas/admin-claims.ts';
import { sameTerms } from '../../../../shared/exchange/claim-display.ts';
import { formatCourse, formatMoney } from '../../../../shared/format.ts';
import { apiUrl, getJson } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/locale.ts';

/** The claim's own terms (its course and amount received): what an offer and the history are held to. */
export const termsOf = (claim: AdminClaim) => ({ course: claim.course, toSumma: claim.to.amount });

type State = { kind: 'loading' } | { kind: 'ready'; offer: Preview } | { kind: 'refused'; message: string };

/**
 * What "Offer a new rate" would offer, read when its form opens (GET .../requote/, which writes nothing): the course
 * and the amount the customer would receive against the claim's own, whether a promocode would be left out, and how
 * long the offer would hold. The operator sees it before the customer does; the offer is priced again when confirmed.
 */
export function RequotePreview({
  claim,
  onUnavailable,
}: {
  claim: AdminClaim;
  /** Told when the direction cannot price the claim now; a state setter, stable across renders (no read again). */
  onUnavailable: (unavailable: true) => void;
}) {
  const { t } = useTranslation('adminClaims');
  const locale = useLocale();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    // Mounted afresh each time the form opens (and keyed by the status it was opened from): it starts loading.
    const abort = new AbortController();
    getJson<Preview>(apiUrl(locale, `/api/v1/admin/claims/${encodeURIComponent(claim.uuid)}/requote/`), {
      signal: abort.signal,
    })
      .then((res) => {
        if (res.ok) setState({ kind: 'ready', offer: res.data });
        else setState({ kind: 'refused', message: res.errors.general[0] ?? t('actions.requotePreviewFailed') });
        // The direction cannot price the claim now: no offer can be sent, so the form's confirm is off (a preview that
        // failed for another reason, a network's, leaves it to the server).
        if (
          !res.ok &&
          (res.body as { code?: unknown } | null)?.code === ('claim_requote_unavailable' satisfies ErrorCode)
        )
          onUnavailable(true);
      })
      // Aborted: the form closed or the claim changed; nothing to show.
      .catch(() => undefined);
    return () => abort.abort();
  }, [claim.uuid, locale, t, onUnavailable]);

  if (state.kind === 'loading') {
    return (
      <p className="mb-3 flex items-center gap-2 text-sm text-slate-600" role="status" data-testid="requote-preview">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        {t('actions.requotePreviewLoading')}
      </p>
    );
  }
  if (state.kind === 'refused') {
    return (
      <p
        role="alert"
        className="mb-3 rounded-xl border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
        data-testid="requote-preview"
      >
        {state.message}
      </p>
    );
  }
  const { offer } = state;
  const from = claim.from.currency;
  const to = claim.to.currency;
  const own = sameTerms(offer, termsOf(claim));
  return (
    <div
      className="mb-3 rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200"
      role="status"
      data-testid="requote-preview"
    >
      <p className="font-semibold text-ink">
        {t('claim.offerText', {
          course: formatCourse(offer.course, from, to, locale).text,
          amount: formatMoney(offer.toSumma, to, locale),
        })}
      </p>
      <p className="text-slate-700">
        {t('actions.requotePreviewClaim', {
          course: formatCourse(claim.course, from, to, locale).text,
          amount: formatMoney(claim.to.amount, to, locale),
        })}
      </p>
      {own && (
        <p className="text-slate-700" data-testid="requote-preview-same">
          {t('actions.requotePreviewSame')}
        </p>
      )}
      {offer.droppedPromocode && (
        <p className="text-amber-800" data-testid="requote-preview-promocode">
          {t('claim.offerPromocodeDropped', { code: offer.droppedPromocode })}
        </p>
      )}
      {offer.promocodeOnly && (
        <p className="text-slate-700" data-testid="requote-preview-promocode-only">
          {t('claim.offerPromocodeOnly')}
        </p>
      )}
      <p className="mt-1 text-slate-600">{t('actions.requotePreviewHolds', { minutes: offer.validForMinutes })}</p>
    </div>
  );
}
