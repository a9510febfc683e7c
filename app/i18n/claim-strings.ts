import { localeStrings } from './locale-strings.ts';

/**
 * The 'claim' namespace in the page's locale only (a claim page, the account's orders, the console's claims):
 * ~2.4 KiB gzip less than both languages in a claim page's first load (docs/decisions/0028).
 */
export const claimStrings = localeStrings('claim', {
  ru: () => import('./ru/claim.ts').then((m) => m.claim),
  en: () => import('./en/claim.ts').then((m) => m.claim),
});

/** The panels' strings for statuses after 'new' (claim-panels.ts), loaded with those panels' code. */
export const claimPanelStrings = localeStrings('claimPanels', {
  ru: () => import('./ru/claim-panels.ts').then((m) => m.claimPanels),
  en: () => import('./en/claim-panels.ts').then((m) => m.claimPanels),
});
