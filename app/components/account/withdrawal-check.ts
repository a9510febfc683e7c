import Big from 'big.js';
import { decimalPlaces, fitsMoneyColumn, isDecimal } from '../../../shared/exchange/calculator.ts';
import { readAmountText, refusedComma } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locales.ts';
import { catalogueMessage, translateIssue } from '../../../shared/field-issues.ts';
import { withdrawalAddressIssue } from '../../../shared/exchange/payout-address.ts';

/**
 * The withdrawal form's own checks before it calls the server: the server's rules (shared/schemas/referral.ts
 * `withdrawalCreateSchema`, then the minimum and the balance in the referral service) with the server's messages
 * (shared/errors.ts), so the form and the API say the same. The server still decides: the balance may have changed.
 */

/** `maxRequisitesLength` of shared/schemas/referral.ts (a test holds them equal): that module would bring zod here. */
export const maxRequisites = 256;
const amountDecimals = 2;

export interface WithdrawalValues {
  amount: string;
  requisites: string;
}

export interface WithdrawalLimits {
  balance: string;
  minWithdrawal: string;
}

export function checkWithdrawal(
  values: WithdrawalValues,
  limits: WithdrawalLimits,
  /** The balance's currency (USDT): the messages write the minimum and the balance as money, "10,00 USDT". */
  currency: string,
  locale: Locale,
): Partial<Record<keyof WithdrawalValues, string[]>> {
  const errors: Partial<Record<keyof WithdrawalValues, string[]>> = {};
  // Read as the calculator reads an amount (shared/format.ts): "1 500,50" in ru, "1,500.50" in en; here it must be
  // a complete number ("1500." is not one yet).
  const amount = readAmountText(values.amount, locale);
  if (!amount) errors.amount = [catalogueMessage('field_required', locale)];
  else if (amount === refusedComma) errors.amount = [catalogueMessage('field_amount_comma', locale)];
  else if (!isDecimal(amount)) errors.amount = [catalogueMessage('field_invalid_amount', locale)];
  else if (!fitsMoneyColumn(amount)) errors.amount = [catalogueMessage('field_amount_too_large', locale)];
  else if (decimalPlaces(amount) > amountDecimals)
    errors.amount = [catalogueMessage('field_amount_decimals', locale, { dp: amountDecimals })];
  else if (new Big(amount).lt(limits.minWithdrawal) || new Big(amount).lte(0))
    errors.amount = [catalogueMessage('field_withdrawal_min', locale, { min: limits.minWithdrawal, symbol: currency })];
  else if (new Big(amount).gt(limits.balance))
    errors.amount = [
      catalogueMessage('field_amount_above_balance', locale, { balance: limits.balance, symbol: currency }),
    ];

  const requisites = values.requisites.trim();
  if (!requisites) errors.requisites = [catalogueMessage('field_required', locale)];
  else if (requisites.length > maxRequisites)
    errors.requisites = [catalogueMessage('field_too_long', locale, { max: maxRequisites })];
  else {
    // The server's own check (the payout is a USDT TRC20 transfer): a typo is caught before the balance is reserved.
    const issue = withdrawalAddressIssue(requisites);
    if (issue) errors.requisites = [translateIssue(issue, locale)];
  }
  return errors;
}
