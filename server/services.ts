import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createLogger } from './logger.ts';
import { metricsRepository } from './modules/metrics/repository.ts';
import { metricsService } from './modules/metrics/service.ts';
import { contentRepository } from './modules/content/repository.ts';
import { contentService } from './modules/content/service.ts';
import { seoService } from './modules/seo/service.ts';
import { localBus, redisBus } from './modules/calculator/cache.ts';
import { mailService } from './modules/mail/service.ts';
import { hotCache } from './modules/calculator/cache.ts';
import { calculatorRepository } from './modules/calculator/repository.ts';
import { calculatorService } from './modules/calculator/service.ts';
import { captchaService } from './modules/captcha/service.ts';
import { ratesExportService } from './modules/rates-export/service.ts';
import { jobs } from './modules/jobs/service.ts';
import { promocodesRepository } from './modules/promocodes/repository.ts';
import { promocodesService } from './modules/promocodes/service.ts';
import { referralRepository } from './modules/referral/repository.ts';
import { referralService } from './modules/referral/service.ts';
import { claimsService } from './modules/claims/service.ts';
import { localClaimEvents, redisClaimEvents } from './modules/claims/events.ts';
import { authRepository } from './modules/auth/repository.ts';
import { authService } from './modules/auth/service.ts';
import { accessTokens } from './modules/auth/tokens.ts';
import { staffLoginAlert } from './modules/auth/login-alert.ts';
import { usersRepository } from './modules/users/repository.ts';
import { usersService } from './modules/users/service.ts';
import { auditRepository } from './modules/admin/audit/repository.ts';
import { auditService } from './modules/admin/audit/service.ts';
import { adminClaimsRepository } from './modules/admin/claims/repository.ts';
import { adminClaimsService } from './modules/admin/claims/service.ts';
import { claimsRepository } from './modules/claims/repository.ts';
import { dashboardRepository } from './modules/admin/dashboard/repository.ts';
import { dashboardService } from './modules/admin/dashboard/service.ts';
import { adminPartnersRepository } from './modules/admin/partners/repository.ts';
import { adminPartnersService } from './modules/admin/partners/service.ts';
import { adminDirectionsRepository } from './modules/admin/directions/repository.ts';
import { adminCurrenciesService } from './modules/admin/directions/currencies-service.ts';
import { adminDirectionsService } from './modules/admin/directions/directions-service.ts';
import { adminContentRepository } from './modules/admin/content/repository.ts';
import { adminContentService } from './modules/admin/content/service.ts';
import { adminFaqRepository } from './modules/admin/faq/repository.ts';
import { adminFaqService } from './modules/admin/faq/service.ts';
import { adminMonitorsRepository } from './modules/admin/monitors/repository.ts';
import { adminMonitorsService } from './modules/admin/monitors/service.ts';
import { adminPaymentDetailsRepository } from './modules/admin/payment-details/repository.ts';
import { adminPaymentDetailsService } from './modules/admin/payment-details/service.ts';
import { adminPromocodesRepository } from './modules/admin/promocodes/repository.ts';
import { adminPromocodesService } from './modules/admin/promocodes/service.ts';
import { adminRatesRepository } from './modules/admin/rates/repository.ts';
import { adminRatesService } from './modules/admin/rates/service.ts';
import { adminSettingsService } from './modules/admin/settings/service.ts';
import { siteDefaults, siteKey, siteSettingsStore } from './modules/site/site-settings.ts';
import { settingsRepository } from './db/settings-repository.ts';
import { adminStaffRepository } from './modules/admin/staff/repository.ts';
import { adminStaffService } from './modules/admin/staff/service.ts';

/** The domain services, built once per process and shared by the API routes and the SSR loaders. */
export function buildServices(database: Database, config: Config) {
  const { db } = database;
  const metrics = metricsService({
    repo: metricsRepository(db),
    database,
    enabled: !!(config.metrics.token || config.metrics.port),
  });
  // Without SMTP_URL the log is where an operator reads the mail (docs/architecture.md), so the mail service logs on
  // its own.
  const log = createLogger(config, 'mail');
  const mail = mailService({ db, kind: database.kind, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const usersRepo = usersRepository(db);
  const sessionsRepo = authRepository(db);
  const staffLogins = staffLoginAlert({
    repo: sessionsRepo,
    mail,
    publicUrl: config.publicUrl,
    timeZone: config.exchangeTimeZone,
    log: createLogger(config, 'auth'),
  });
  const auth = authService({
    db,
    repository: sessionsRepo,
    tokens: accessTokens({
      secret: config.jwtSecret,
      issuer: config.publicUrl,
      audience: `${config.publicUrl}/api`,
      ttlSeconds: config.accessTokenTtl,
    }),
    rememberSeconds: 30 * 24 * 60 * 60,
    sessionSeconds: 24 * 60 * 60,
    reuseGraceSeconds: 10,
    findUserByEmail: (email) => usersRepo.findByEmail(email),
    onStaffLogin: (login) => staffLogins.notify(login),
  });
  const audit = auditService(auditRepository(db));
  // Support e-mail, payment window, chat and analytics: the environment's values under the admin's overrides.
  const settingsRepo = settingsRepository(db);
  const site = siteSettingsStore({ defaults: siteDefaults(config), load: () => settingsRepo.getSetting(siteKey) });
  // The exchange: calculator, captcha, claims with the referral accrual and promocodes, and the jobs.
  // Hot answers are dropped on change in this process and, with REDIS_URL, in every other one (pub/sub, cache.ts).
  const cache = hotCache({
    bus: config.redisUrl ? redisBus(config.redisUrl, `${config.redisPrefix}:calculator:invalidate`) : localBus,
  });
  const calculator = calculatorService(calculatorRepository(db), {
    cache,
    paymentWindowMinutes: () => site.current().paymentWindowMinutes,
    maxRateAgeMinutes: () => site.current().maxRateAgeMinutes,
  });
  const captcha = captchaService({
    db,
    provider: config.captchaProvider,
    secret: config.cookieSecret,
    recaptchaSecret: config.recaptcha.secret,
    recaptchaSiteKey: config.recaptcha.siteKey,
  });
  const referral = referralService({
    db,
    repo: referralRepository(db),
    publicUrl: config.publicUrl,
    footprintKey: config.cookieSecret,
    mail,
  });
  const promocodes = promocodesService({ repo: promocodesRepository(db) });
  // Status changes for the live streams: every process hears every change with REDIS_URL (docs/decisions/0021).
  const claimEvents = config.redisUrl
    ? redisClaimEvents(config.redisUrl, `${config.redisPrefix}:claims:status`)
    : localClaimEvents();
  const claims = claimsService({
    db,
    repo: claimsRepository(db),
    calculator,
    captcha,
    mail,
    publicUrl: config.publicUrl,
    exchangeTimeZone: config.exchangeTimeZone,
    onCreated: (claim, origin, tx) => referral.attributeClaim(claim, origin, tx),
    onCompleted: (claim, tx) => referral.accrueForClaim(claim, tx),
    promocodes,
    operatorInbox: () => site.current().supportEmail,
    // Read in the completion's transaction (PGlite runs one at a time: a read beside it would wait for it).
    reviewLinks: async (tx) =>
      (await contentRepository(db).monitors(tx)).flatMap((m) =>
        m.reviewUrl ? [{ name: m.name, url: m.reviewUrl }] : [],
      ),
    events: claimEvents,
  });
  const exchange = {
    promocodes,
    referral,
    calculator,
    captcha,
    claims,
    claimEvents,
    jobs: jobs({ database, sweeper: claims, onRun: metrics.jobRan }),
  };
  const content = contentService(contentRepository(db), {
    supportEmail: () => site.current().supportEmail,
    bus: config.redisUrl ? redisBus(config.redisUrl, `${config.redisPrefix}:content:invalidate`) : localBus,
  });
  // Another process saved the site settings (or content): read them again rather than wait out the store's max age.
  // (After this process's own save it reads back the row it just wrote: one query per console save.)
  content.onInvalidate(() => void site.refresh());
  const paymentDetails = adminPaymentDetailsService({
    db,
    repo: adminPaymentDetailsRepository(db),
    audit,
    invalidate: () => exchange.calculator.cache.invalidate(),
  });
  const adminClaims = adminClaimsService({
    db,
    repo: adminClaimsRepository(db),
    claimsRepo: claimsRepository(db),
    claims: exchange.claims,
    audit,
  });
  const rates = adminRatesService({
    db,
    repo: adminRatesRepository(db),
    calculator: exchange.calculator,
    audit,
    urls: config.rates.urls,
    refreshMinutes: config.rates.refreshMinutes,
    log: createLogger(config, 'rates'),
  });
  exchange.jobs.every('rates-refresh', config.rates.refreshMinutes, () => rates.refresh());
  const directionsDeps = { db, repo: adminDirectionsRepository(db), calculator: exchange.calculator, audit };
  return {
    database,
    metrics,
    mail,
    auth,
    /** Letters to the operators about console logins on their way (`drain()` on close, like the claims' letters). */
    staffLogins,
    users: usersService({
      db,
      repository: usersRepo,
      sessions: sessionsRepo,
      mail,
      publicUrl: config.publicUrl,
      timeZone: config.exchangeTimeZone,
      onEmailProven: async (userId, tx) => void (await claimsRepository(db).adoptGuestClaims(userId, tx)),
    }),
    content,
    seo: seoService({ publicUrl: config.publicUrl, dates: () => content.sitemapDates() }),
    site,
    ...exchange,
    /** The monitors' rates export: an entry of the calculator's hot cache, dropped with its answers. */
    ratesExport: ratesExportService({ calculator, cache, publicUrl: config.publicUrl }),
    /** The operator console (issue 6): each section's service is added here. */
    admin: {
      audit,
      claims: adminClaims,
      dashboard: dashboardService(dashboardRepository(db), {
        timeZone: config.exchangeTimeZone,
        staleDirections: () => rates.staleDirections(),
        unpayableCurrencies: async () => (await paymentDetails.coverage('ru')).filter((c) => c.uncovered).length,
      }),
      // One section of the console: its directions and its currencies (two services over one repository).
      directions: { ...adminDirectionsService(directionsDeps), ...adminCurrenciesService(directionsDeps) },
      content: adminContentService({
        db,
        repo: adminContentRepository(db),
        content,
        calculator: exchange.calculator,
        audit,
        supportEmail: () => site.current().supportEmail,
      }),
      settings: adminSettingsService({
        db,
        repo: settingsRepo,
        site,
        audit,
        invalidate: () => {
          content.invalidate();
          exchange.calculator.cache.invalidate();
        },
      }),
      rates,
      staff: adminStaffService({ db, repo: adminStaffRepository(db), audit }),
      promocodes: adminPromocodesService({ db, repo: adminPromocodesRepository(db), audit }),
      faq: adminFaqService({ db, repo: adminFaqRepository(db), audit, invalidate: () => content.invalidate() }),
      monitors: adminMonitorsService({
        db,
        repo: adminMonitorsRepository(db),
        audit,
        invalidate: () => content.invalidate(),
      }),
      paymentDetails,
      partners: adminPartnersService({ db, repo: adminPartnersRepository(db), referral: exchange.referral, audit }),
    },
  };
}
export type Services = ReturnType<typeof buildServices>;
