import { admin as adminEn } from './en/admin.ts';
import { adminClaims as adminClaimsEn } from './en/admin-claims.ts';
import { adminContent as adminContentEn } from './en/admin-content.ts';
import { adminDirections as adminDirectionsEn } from './en/admin-directions.ts';
import { adminPartners as adminPartnersEn } from './en/admin-partners.ts';
import { adminPaymentDetails as adminPaymentDetailsEn } from './en/admin-payment-details.ts';
import { adminRates as adminRatesEn } from './en/admin-rates.ts';
import { admin } from './ru/admin.ts';
import { adminClaims } from './ru/admin-claims.ts';
import { adminContent } from './ru/admin-content.ts';
import { adminDirections } from './ru/admin-directions.ts';
import { adminPartners } from './ru/admin-partners.ts';
import { adminPaymentDetails } from './ru/admin-payment-details.ts';
import { adminRates } from './ru/admin-rates.ts';

/**
 * The operator console's namespaces, both languages. Kept out of catalogue-ru/-en so that the public pages never
 * download them (the home page's script budget, docs/decisions/0010): the console's own chunk carries them.
 */
export const adminCatalogue = {
  ru: { admin, adminClaims, adminDirections, adminPartners, adminContent, adminRates, adminPaymentDetails },
  en: {
    admin: adminEn,
    adminClaims: adminClaimsEn,
    adminDirections: adminDirectionsEn,
    adminPartners: adminPartnersEn,
    adminContent: adminContentEn,
    adminRates: adminRatesEn,
    adminPaymentDetails: adminPaymentDetailsEn,
  },
};
