import type { currencyKindValues } from '../../../shared/schemas/exchange.ts';

type CurrencyKind = (typeof currencyKindValues)[number];

/** What the claim page's loader hands to its components (app/routes/claim/claim.tsx): small, masked, localized. */

export interface ClaimCurrencyView {
  code: string;
  name: string;
  symbol: string;
  network: string | null;
  logo: string;
  kind: CurrencyKind | null;
}

export interface RequisiteView {
  name: string;
  label: string;
  /** Masked where sensible (claim-format.ts maskRequisite). */
  value: string;
}

export interface ClaimSideView {
  currency: ClaimCurrencyView;
  amount: string;
  requisites: RequisiteView[];
}

export interface PaymentView {
  amount: string;
  currency: ClaimCurrencyView;
  /** Null when no operator details were free at creation: they come by e-mail. */
  details: {
    label: string;
    value: string;
    holder: string | null;
    memo: string | null;
    /** The wallet link (BIP21, EIP-681, ton://) the QR code carries; null: the QR shows the bare address. */
    uri: string | null;
  } | null;
  /** The direction's own notice for the send side (e.g. "send on the TRC20 network only"). */
  notice: string | null;
}

export interface ClaimView {
  uuid: string;
  createdAt: string;
  email: string;
  from: ClaimSideView;
  to: ClaimSideView;
  /** The locked rate in the monitors' notation: give `give` of from, get `get` of to. */
  rate: { give: string; get: string };
  payment: PaymentView;
}
