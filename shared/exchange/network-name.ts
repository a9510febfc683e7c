/**
 * The network to show beside a currency's name, or null when there is none to add: a name that already says it as a
 * word, in any case ("Tether TRC20", "USDT (trc20)"), would read "Tether TRC20 (TRC20)". A part of a longer word does
 * not count ("TRC200" does not name TRC20).
 *
 * A module of its own, with no imports: the claim page (its summary and payment card, in its first load) and the
 * home page's calculator (the currency picker, in the island's chunk) both use it, and neither should carry the
 * other's code for it (docs/decisions/0028, "Later").
 */
export function networkBesideName(currency: { name: string; network: string | null }): string | null {
  const network = currency.network?.trim();
  if (!network) return null;
  const escaped = network.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(currency.name) ? null : network;
}
