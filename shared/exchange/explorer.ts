/**
 * A payout's block-explorer link: the currency's template with `{ref}` replaced by the transaction reference
 * (encoded, so a reference can never change the link's host or path); null without a template (cards, banks).
 */
export function explorerLink(template: string | null, reference: string): string | null {
  if (!template || !template.includes('{ref}')) return null;
  return template.replace('{ref}', encodeURIComponent(reference.trim()));
}
