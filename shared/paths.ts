import { localizePath, type Locale } from './locales.ts';

/**
 * Every URL of the site (without the locale prefix), shared by the menu, breadcrumbs, redirects and e-mails.
 * Use `href(locale, path)` to get the address in a locale.
 */
/** The calculator's pair in the home page's address (`?cur_from=CODE&cur_to=CODE`, as monitors link it). */
export function pairQuery(fromCode: string, toCode: string): string {
  return `?${new URLSearchParams({ cur_from: fromCode, cur_to: toCode })}`;
}

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forget: '/forget',
  recover: '/recover',
  /** The sign-up e-mail's link: the token is the last path segment. */
  activate: (token: string) => `/activate/${encodeURIComponent(token)}`,
  account: '/account',
  accountOrders: '/account/orders',
  accountAdv: '/account/adv',
  accountPromocodes: '/account/promocodes',
  accountReferrer: '/account/referrer',
  accountSettings: '/account/settings',
  claim: (uuid: string) => `/claim/${encodeURIComponent(uuid)}`,
  claimSuccess: '/claim/success',
  claimFail: '/claim/fail',
  news: '/news',
  newsArticle: (slug: string) => `/news/${encodeURIComponent(slug)}`,
  newsArchiveNews: '/news/archive/news',
  newsArchiveUpdates: '/news/archive/updates',
  partners: '/partners',
  partnersUsers: '/partners/users',
  partnersMonitoring: '/partners/monitoring',
  rules: '/rules',
  aml: '/aml',
  faq: '/faq',
  contacts: '/contacts',
  concurs: '/concurs',
  sales: '/sales',
  /** The rates export for monitors: one file for both languages (never under /en). */
  exportXml: '/export.xml',
  exportJson: '/export.json',
  // The operator console (issue 6), served in both locales like every page.
  admin: '/admin',
  adminClaims: '/admin/claims',
  adminClaim: (uuid: string) => `/admin/claims/${encodeURIComponent(uuid)}`,
  adminDirections: '/admin/directions',
  adminDirection: (id: number | 'new') => `/admin/directions/${id}`,
  adminCurrencies: '/admin/currencies',
  adminCurrency: (id: number | 'new') => `/admin/currencies/${id}`,
  adminRates: '/admin/rates',
  adminPaymentDetails: '/admin/payment-details',
  adminWithdrawals: '/admin/withdrawals',
  adminPromocodes: '/admin/promocodes',
  adminContent: '/admin/content',
  adminFaq: '/admin/faq',
  adminMonitoring: '/admin/monitoring',
  adminExport: '/admin/export',
  adminSettings: '/admin/settings',
  adminStaff: '/admin/staff',
  adminAudit: '/admin/audit',
  /** A monitor's banner (the footer): `hash` names the version, so the address is cached for good. Not localised. */
  monitorBanner: (partnerId: number, hash: string) => `/media/monitors/${partnerId}/${encodeURIComponent(hash)}`,
} as const;

/** The page each content entry (its slug in the console) is shown on (app/routes.ts). */
const contentPages = new Map<string, string>([
  ['rules', paths.rules],
  ['aml', paths.aml],
  ['contacts', paths.contacts],
  ['concurs', paths.concurs],
  ['sales', paths.sales],
  ['partners', paths.partners],
  ['partners-users', paths.partnersUsers],
  ['partners-monitoring', paths.partnersMonitoring],
]);

/** The path a content entry is shown at ('partners-users' -> '/partners/users'), or null when no page shows it. */
export function contentPagePath(slug: string): string | null {
  return contentPages.get(slug) ?? null;
}

/**
 * Where an account lands after login, and where the login pages send one already logged in: the console for staff
 * (their work is there), the account's claims for customers.
 */
export function landingPath(role: 'customer' | 'operator' | 'admin'): string {
  return role === 'operator' || role === 'admin' ? paths.admin : paths.accountOrders;
}

export function href(locale: Locale, path: string): string {
  return localizePath(path, locale);
}
