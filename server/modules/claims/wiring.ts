import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { hotCache, localBus, redisBus } from '../calculator/cache.ts';
import { calculatorRepository } from '../calculator/repository.ts';
import { calculatorService } from '../calculator/service.ts';
import { captchaService } from '../captcha/service.ts';
import { jobs } from '../jobs/service.ts';
import type { MailService } from '../mail/service.ts';
import type { SiteSettingsStore } from '../site/site-settings.ts';
import { promocodesRepository } from '../promocodes/repository.ts';
import { promocodesService } from '../promocodes/service.ts';
import { referralRepository } from '../referral/repository.ts';
import { referralService } from '../referral/service.ts';
import { claimsRepository } from './repository.ts';
import { claimsService } from './service.ts';

/** The exchange domain's services (calculator, captcha, claims with the referral accrual, jobs), built once per process by buildServices. */
export function exchangeServices(database: Database, config: Config, mail: MailService, site: SiteSettingsStore) {
  const { db } = database;
  // Hot answers are dropped on change in this process and, with REDIS_URL, in every other one (pub/sub, cache.ts).
  const cache = hotCache({ bus: config.redisUrl ? redisBus(config.redisUrl) : localBus });
  const calculator = calculatorService(calculatorRepository(db), {
    cache,
    paymentWindowMinutes: () => site.current().paymentWindowMinutes,
  });
  const captcha = captchaService({
    db,
    provider: config.captchaProvider,
    secret: config.cookieSecret,
    recaptchaSecret: config.recaptcha.secret,
    recaptchaSiteKey: config.recaptcha.siteKey,
  });
  const referral = referralService({ db, repo: referralRepository(db), publicUrl: config.publicUrl });
  const promocodes = promocodesService({ repo: promocodesRepository(db) });
  const claims = claimsService({
    db,
    repo: claimsRepository(db),
    calculator,
    captcha,
    mail,
    publicUrl: config.publicUrl,
    onCompleted: (claim, tx) => referral.accrueForClaim(claim, tx),
    promocodes,
  });
  return {
    promocodes,
    referral,
    calculator,
    captcha,
    claims,
    jobs: jobs({ database, sweeper: claims }),
  };
}
