import { accountCatalogue } from '../../i18n/catalogue-account.ts';
import { adminCatalogue } from '../../i18n/catalogue-admin.ts';
import { claimStrings } from '../../i18n/claim-strings.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The claim strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(claimStrings);

/**
 * The console's namespaces, plus the account and claim ones its pages share components with (lists, status badges).
 * Call it at the top of the console's layout.
 */
export function useAdminI18n() {
  useLazyCatalogue(adminCatalogue, accountCatalogue);
  useLocaleStrings(claimStrings);
}
