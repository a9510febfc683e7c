/**
 * A payout's transaction on a public block explorer: the currency's template (`currencies.explorer_url`, edited in
 * the console) with `{ref}` replaced by the transaction hash. The reference is the operator's input, so it is
 * URL-encoded: a stray `/`, `?` or `#` in it cannot turn the link into another page. Zod-free: the status answer
 * and the pages use it alike.
 */
export function explorerLink(template: string | null, reference: string): string | null {
  const ref = reference.trim();
  if (!template || !ref) return null;
  // A function replacer: `$&` and friends in the reference must stay literal.
  return template.replace('{ref}', () => encodeURIComponent(ref));
}
