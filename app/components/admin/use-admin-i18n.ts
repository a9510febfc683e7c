import { useTranslation } from 'react-i18next';
import { adminCatalogue } from '../../i18n/catalogue-admin.ts';
import { useLocale } from '../../lib/locale.ts';

/**
 * Makes the console's namespaces available (they are not in the public catalogue the page started with). A full load
 * of a console page has them before hydration (entry.client.tsx); a client navigation into the console adds them here,
 * synchronously, before any child renders. Call it at the top of the console's layout.
 */
export function useAdminI18n() {
  const locale = useLocale();
  const { i18n } = useTranslation();
  const bundles = adminCatalogue[locale];
  for (const [ns, strings] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, strings);
  }
}
