/**
 * Writes `cur_from`/`cur_to` into the address without a navigation (no loader runs, nothing re-renders): the address
 * stays shareable and a reload keeps the pair. React Router's own history entry state is kept as it is.
 */
export function replaceQuery(params: Record<string, string>) {
  const url = new URL(window.location.href);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

/** The partner id a referral link brought (`?ref=`), sent with the claim as `refferal` (the API spells it so, docs/product/api.md). */
export function referralFromAddress(): string | undefined {
  const ref = new URLSearchParams(window.location.search).get('ref')?.trim();
  return ref ? ref.slice(0, 64) : undefined;
}
