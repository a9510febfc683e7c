import { index, prefix, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * Every route (docs/product/site.md), once per locale: ru at the root, en under /en. The same modules serve both; ids
 * carry the locale because React Router needs one id per entry.
 */
function localeRoutes(locale: 'ru' | 'en'): RouteConfigEntry[] {
  const r = (path: string | null, file: string, children?: RouteConfigEntry[]) => {
    const id = `${locale}:${path ?? 'index'}:${file}`;
    // `null` or a path ending in '/' is the index route of its parent.
    if (path === null || path.endsWith('/')) return index(file, { id });
    return children ? route(path, file, { id }, children) : route(path, file, { id });
  };
  return [
    r(null, 'routes/home.tsx'),
    r('login', 'routes/auth/login.tsx'),
    r('register', 'routes/auth/register.tsx'),
    r('forget', 'routes/auth/forget.tsx'),
    r('recover', 'routes/auth/recover.tsx'),
    r('activate/:token', 'routes/auth/activate.tsx'),
    r('account', 'routes/account/layout.tsx', [
      r('account/', 'routes/account/index.tsx'),
      r('adv', 'routes/account/adv.tsx'),
      r('orders', 'routes/account/orders.tsx'),
      r('promocodes', 'routes/account/promocodes.tsx'),
      r('referrer', 'routes/account/referrer.tsx'),
      r('settings', 'routes/account/settings.tsx'),
    ]),
    // The operator console (issue 6). Sections add their pages here.
    r('admin', 'routes/admin/layout.tsx', [
      r('admin/', 'routes/admin/dashboard.tsx'),
      r('audit', 'routes/admin/audit.tsx'),
      r('claims', 'routes/admin/claims/list.tsx'),
      r('claims/:uuid', 'routes/admin/claims/claim.tsx'),
      r('withdrawals', 'routes/admin/withdrawals.tsx'),
      r('directions', 'routes/admin/directions/list.tsx'),
      r('directions/:id', 'routes/admin/directions/direction.tsx'),
      r('currencies', 'routes/admin/directions/currencies.tsx'),
      r('currencies/:id', 'routes/admin/directions/currency.tsx'),
      r('content', 'routes/admin/content/index.tsx'),
      r('faq', 'routes/admin/content/faq.tsx'),
      r('settings', 'routes/admin/settings.tsx'),
      r('monitoring', 'routes/admin/monitoring.tsx'),
      r('export', 'routes/admin/export.tsx'),
      r('promocodes', 'routes/admin/promocodes/list.tsx'),
      r('rates', 'routes/admin/rates.tsx'),
      r('staff', 'routes/admin/staff.tsx'),
      r('payment-details', 'routes/admin/payment-details.tsx'),
    ]),
    r('claim/success', 'routes/claim/result.tsx'),
    r('claim/fail', 'routes/claim/result.tsx'),
    r('claim/:uuid', 'routes/claim/claim.tsx'),
    r('news', 'routes/news/layout.tsx', [
      r('news/', 'routes/news/list.tsx'),
      r('archive/news', 'routes/news/archive.tsx'),
      r('archive/updates', 'routes/news/archive.tsx'),
      r(':slug', 'routes/news/article.tsx'),
    ]),
    r('partners', 'routes/content/partners.tsx'),
    r('partners/users', 'routes/content/partners.tsx'),
    r('partners/monitoring', 'routes/content/monitoring.tsx'),
    r('faq', 'routes/content/faq.tsx'),
    ...['rules', 'aml', 'contacts', 'concurs', 'sales'].map((slug) => r(slug, 'routes/content/page.tsx')),
    r('*', 'routes/not-found.tsx'),
  ];
}

export default [...prefix('en', localeRoutes('en')), ...localeRoutes('ru')] satisfies RouteConfig;
