import { accountCatalogue } from '../../i18n/catalogue-account.ts';
import { adminCatalogue } from '../../i18n/catalogue-admin.ts';
import { claimCatalogue } from '../../i18n/catalogue-claim.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';

/**
 * The console's namespaces, plus the account and claim ones its pages share components with (lists, status badges).
 * Call it at the top of the console's layout.
 */
export function useAdminI18n() {
  useLazyCatalogue(adminCatalogue, accountCatalogue, claimCatalogue);
}
