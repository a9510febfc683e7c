/**
 * A payout's transaction on a public block explorer: the currency's template (`currencies.explorer_url`, edited in
 * the console) with `{ref}` replaced by the transaction hash. The reference is the operator's input, so it is
 * URL-encoded: a stray `/`, `?` or `#` in it cannot turn the link into another page. Only a reference shaped like a
 * transaction hash is linked (`transactionHash`); an operator's note such as "RET-1" or "перевод 12" stays plain text,
 * since an explorer would only answer "not found" for it. Zod-free: the status answer and the pages use it alike.
 */
/**
 * What every network's transaction id looks like: one word of at least 32 letters and digits (hex for Bitcoin,
 * Ethereum and Tron with an optional 0x, base58 for Solana, base64 with `+/=` or `-_` for TON).
 */
const transactionHash = /^[0-9A-Za-z+/=_-]{32,256}$/;

export function explorerLink(template: string | null, reference: string): string | null {
  const ref = reference.trim();
  if (!template || !transactionHash.test(ref)) return null;
  // A function replacer: `$&` and friends in the reference must stay literal.
  return template.replace('{ref}', () => encodeURIComponent(ref));
}
