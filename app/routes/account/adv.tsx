import { useTranslation } from '../../i18n/use-translation.ts';
import { accountReader } from '../../components/account/account-reader.server.ts';
import { bannerCode, bannerPath, bannerSizes, sizeName, textLinkCode } from '../../components/account/banners.ts';
import { EmbedCode } from '../../components/account/embed-code.tsx';
import { AccountError } from '../../components/account/states.tsx';
import { AccountSection } from '../../components/account-section.tsx';
import { CopyField } from '../../components/claim/copy-field.tsx';
import { useLocale } from '../../lib/locale.ts';
import type { Route } from './+types/adv';

/** Only the referral link is needed: every banner and text link carries it (read as the user, like the referrer page). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, services, locale } = await accountReader(context, request);
  const { link } = await services.referral.summary(user.id, locale);
  return { link };
}

const textKeys = ['fast', 'rate', 'safe'] as const;

/** /account/adv: promotional material for partners, each piece with its embed code and a Copy button. */
export default function AdvRoute({ loaderData: { link } }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const alt = t('adv.bannerAlt');
  return (
    <>
      <AccountSection section="adv" />
      <p className="mt-4 text-slate-700">{t('adv.intro')}</p>
      <div className="mt-6 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5">
        <CopyField label={t('adv.linkTitle')} value={link} />
      </div>

      <section aria-labelledby="adv-banners" className="mt-10">
        <h2 id="adv-banners" className="text-xl font-semibold text-ink">
          {t('adv.bannersTitle')}
        </h2>
        <ul className="mt-4 space-y-8">
          {bannerSizes.map((size) => {
            const name = sizeName(size);
            return (
              <li key={name} data-testid="banner" className="space-y-3">
                <h3 className="font-medium text-ink">{t('adv.banner', { size: name })}</h3>
                {/* On a phone a wide banner is shown scaled down whole (its proportions kept): a scrolling box would
                    need a keyboard stop of its own, and the partner's page shows it at its real size anyway. */}
                <div className="rounded-xl bg-slate-100 p-3">
                  <img
                    src={bannerPath(locale, size)}
                    width={size.width}
                    height={size.height}
                    alt={alt}
                    loading="lazy"
                    className="h-auto max-w-full"
                  />
                </div>
                <EmbedCode label={t('adv.code', { size: name })} code={bannerCode(link, locale, size, alt)} />
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="adv-texts" className="mt-10">
        <h2 id="adv-texts" className="text-xl font-semibold text-ink">
          {t('adv.textTitle')}
        </h2>
        <ul className="mt-4 space-y-6">
          {textKeys.map((key) => {
            const text = t(`adv.texts.${key}`);
            return (
              <li key={key} data-testid="text-link" className="space-y-2">
                <a href={link} className="link">
                  {text}
                </a>
                <EmbedCode label={t('adv.textCode', { text })} code={textLinkCode(link, text)} rows={2} />
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AccountError />;
}
