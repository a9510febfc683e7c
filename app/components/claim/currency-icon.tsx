import type { ClaimCurrencyView } from './claim-view.ts';

/** A currency's logo (public/currencies/*.svg); decorative, the name is always written beside it. */
export function CurrencyIcon({ currency, size = 24 }: { currency: Pick<ClaimCurrencyView, 'logo'>; size?: number }) {
  return (
    <img
      src={currency.logo}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-full bg-white"
      loading="lazy"
      decoding="async"
    />
  );
}
