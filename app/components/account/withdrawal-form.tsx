import { useCallback, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import Big from 'big.js';
import type { Withdrawal } from '../../../shared/schemas/referral.ts';
import { apiUrl, postJson } from '../../lib/api.ts';
import { attemptKeys } from '../../lib/exchange/attempt.ts';
import { useLocale } from '../../lib/locale.ts';
import { useGroupedAmount } from '../../lib/use-grouped-amount.ts';
import { useAuthForm } from '../auth/use-auth-form.ts';
import { SubmitButton, TextField } from '../form/fields.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { checkWithdrawal, maxRequisites, type WithdrawalLimits } from './withdrawal-check.ts';
import { withdrawalNetwork } from '../../../shared/exchange/payout-address.ts';
import { amountInputText, formatAmount, readAmountText } from '../../../shared/format.ts';

/**
 * The payout request (POST /api/v1/users/me/refferal/withdrawal/, docs/product/api.md): client checks first
 * (withdrawal-check.ts), then the server's field errors under the fields. Each attempt carries an Idempotency-Key
 * (docs/money.md): a resend of the same request after a lost answer returns the first one instead of reserving twice; a
 * changed request is a new attempt. The owner remounts the form after a success, so the next request starts with a
 * fresh key.
 */
export function WithdrawalForm({
  limits,
  currency,
  onCreated,
}: {
  limits: WithdrawalLimits;
  currency: string;
  onCreated: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const [keys] = useState(() => attemptKeys());
  const form = useAuthForm({ amount: '', requisites: '' });
  const amountProps = form.text('amount');
  // The amount is grouped as the calculator's while the customer is not in the field (app/lib/use-grouped-amount.ts);
  // the form keeps the text as typed, and what is checked and sent is read from it.
  const amountShown = useGroupedAmount(amountProps.value, locale);
  const { ref: adoptAmount } = amountProps;
  const { attach: attachAmount } = amountShown;
  const amountRef = useCallback(
    (input: HTMLInputElement | null) => {
      adoptAmount(input);
      attachAmount(input);
    },
    [adoptAmount, attachAmount],
  );

  const onSubmit = form.onSubmit(
    (v) => checkWithdrawal(v, limits, currency, locale),
    (v) => {
      // The check passed: the amount reads as one number in the page's language ("1,500.50" in en is 1500.50).
      const body = { amount: readAmountText(v.amount, locale), requisites: v.requisites.trim() };
      return postJson<Withdrawal>(apiUrl(locale, '/api/v1/users/me/refferal/withdrawal/'), body, {
        headers: { 'Idempotency-Key': keys.keyFor(body) },
      });
    },
    (withdrawal) => onCreated(withdrawal),
  );

  const canWithdraw = new Big(limits.balance).gte(limits.minWithdrawal) && new Big(limits.balance).gt(0);
  const hint = t('referrer.form.amountHint', {
    balance: formatAmount(limits.balance, { decimals: 2 }, locale),
    min: formatAmount(limits.minWithdrawal, { decimals: 2 }, locale),
    currency,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="withdrawal-form">
      {!canWithdraw && (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
          {t('referrer.form.notEnough', { min: formatAmount(limits.minWithdrawal, { decimals: 2 }, locale), currency })}
        </p>
      )}
      <FormAlert messages={form.general} />
      <div>
        <TextField
          label={t('referrer.form.amount', { currency })}
          inputMode="decimal"
          autoComplete="off"
          hint={hint}
          {...amountProps}
          ref={amountRef}
          value={amountShown.value}
          onFocus={amountShown.onFocus}
          onBlur={amountShown.onBlur}
          onChange={(event) => {
            amountShown.typed();
            amountProps.onChange(event);
          }}
        />
        {canWithdraw && (
          <button
            type="button"
            className="btn-ghost mt-1 -ml-3"
            // The field's own change handler, so typing and this button clear errors alike; the balance written as the
            // language writes a typed amount (40,00 in ru), shown grouped as the field not typed in ("1 250,00").
            onClick={() =>
              amountProps.onChange({
                target: { value: amountInputText(limits.balance, locale) },
              } as ChangeEvent<HTMLInputElement>)
            }
          >
            {t('referrer.form.all')}
          </button>
        )}
      </div>
      <TextField
        label={t('referrer.form.requisites')}
        autoComplete="off"
        maxLength={maxRequisites}
        hint={t('referrer.form.requisitesHint', { currency, network: withdrawalNetwork })}
        {...form.text('requisites')}
      />
      <SubmitButton submitting={form.submitting}>{t('referrer.form.submit')}</SubmitButton>
    </form>
  );
}
