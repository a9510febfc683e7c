import { paths } from '../../shared/paths.ts';

/**
 * Every route a guest can open (docs/product/site.md), in both locales. Used by the inject tests and the e2e journeys
 * alike.
 */
export const guestPaths = [
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
  paths.login,
  paths.register,
  paths.forget,
  paths.recover,
  paths.claimSuccess,
  paths.claimFail,
];

/** The news section exists in ru only (/en/news goes home). */
export const newsPaths = [paths.news, paths.newsArchiveNews, paths.newsArchiveUpdates];

/** The pages search engines may list in both locales (docs/product/seo.md): a guest's pages without forms and results. */
const unlisted: readonly string[] = [
  paths.login,
  paths.register,
  paths.forget,
  paths.recover,
  paths.claimSuccess,
  paths.claimFail,
];
export const indexedPaths = guestPaths.filter((p) => !unlisted.includes(p));
