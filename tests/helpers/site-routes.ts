import { paths } from '../../shared/paths.ts';

/** The pages search engines may list in both locales (docs/product/seo.md). */
export const indexedPaths = [
  paths.home,
  paths.rules,
  paths.aml,
  paths.faq,
  paths.contacts,
  paths.concurs,
  paths.sales,
  paths.partners,
  paths.partnersUsers,
  paths.partnersMonitoring,
];

/**
 * Every route a guest can open (docs/product/site.md), in both locales. Used by the inject tests and the e2e journeys
 * alike.
 */
export const guestPaths = [
  ...indexedPaths,
  paths.login,
  paths.register,
  paths.forget,
  paths.recover,
  paths.claimSuccess,
  paths.claimFail,
];

/** The news section exists in ru only (/en/news goes home). */
export const newsPaths = [paths.news, paths.newsArchiveNews, paths.newsArchiveUpdates];
