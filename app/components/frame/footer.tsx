import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { Mail } from '../icons/mail.tsx';
import { menuFor } from '../../../shared/navigation.ts';
import { paths } from '../../../shared/paths.ts';
import type { FooterMonitor } from '../../../shared/schemas/content.ts';
import { socialLinks } from '../../lib/external-links.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { TelegramIcon, VkIcon, XIcon, YoutubeIcon } from '../brand-icons.tsx';
import { Logo } from './logo.tsx';

const socialIcons = { telegram: TelegramIcon, vk: VkIcon, x: XIcon, youtube: YoutubeIcon } as const;

/**
 * A monitor's banner, uploaded by the operator and served from our origin (the monitors' own image addresses would be
 * third parties, which the CSP rightly keeps out); a text mark while it has none.
 */
function MonitorMark({ name, banner }: { name: string; banner: string | null }) {
  if (banner) {
    return <img src={banner} alt={name} height={31} loading="lazy" decoding="async" className="h-8 w-auto rounded" />;
  }
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="inline-flex size-6 items-center justify-center rounded-md bg-white/10 text-xs font-bold text-white"
      >
        {name.charAt(0)}
      </span>
      <span className="font-semibold tracking-tight text-white">{name}</span>
    </span>
  );
}

/**
 * The footer (docs/product/site.md): monitors and a forum, support e-mail, social links, the copyright line and the 18+
 * notice.
 */
export function Footer({ supportEmail, monitors }: { supportEmail: string | undefined; monitors: FooterMonitor[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalizedHref();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-ink text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.2fr]">
        <div className="space-y-4">
          <Link to={to(paths.home)} aria-label={t('nav.home')} className="focus-ring-inverted inline-block rounded-lg">
            <Logo inverted />
          </Link>
          <p className="max-w-sm text-sm leading-relaxed">{t('footer.about')}</p>
          <p className="flex items-center gap-3 text-sm">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full border-2 border-red-400 text-xs font-bold text-white">
              {t('footer.adults')}
            </span>
            <span>{t('footer.adultsNotice')}</span>
          </p>
        </div>

        <nav aria-label={t('footer.menuTitle')}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('footer.menuTitle')}</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {menuFor(locale).map((item) => (
              <li key={item.key}>
                <Link to={to(item.path)} className="focus-ring-inverted rounded hover:text-white hover:underline">
                  {t(`nav.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="space-y-6">
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('footer.support')}</h2>
            <p className="mt-2 text-sm">{t('footer.supportHint')}</p>
            {supportEmail && (
              <a
                href={`mailto:${supportEmail}`}
                className="focus-ring-inverted mt-3 inline-flex items-center gap-2 rounded text-base font-medium text-white hover:underline"
              >
                <Mail aria-hidden="true" className="size-4" />
                {supportEmail}
              </a>
            )}
          </div>
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('footer.socialTitle')}</h2>
            <ul className="mt-3 flex gap-2">
              {socialLinks.map((link) => {
                const Icon = socialIcons[link.key];
                return (
                  <li key={link.key}>
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${t(`footer.social.${link.key}`)} ${t('footer.newTab')}`}
                      className="focus-ring-inverted inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-brand-600"
                    >
                      <Icon className="size-5" />
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-8">
            <h2 className="shrink-0 text-sm font-semibold tracking-wide text-white uppercase">
              {t('footer.monitorsTitle')}
            </h2>
            <ul className="flex flex-wrap items-center gap-x-6 gap-y-3">
              {monitors.map((link) => (
                <li key={link.id}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener"
                    aria-label={`${link.name} ${t('footer.newTab')}`}
                    className="focus-ring-inverted inline-flex rounded-lg px-1 py-1 opacity-80 transition hover:opacity-100"
                  >
                    <MonitorMark name={link.name} banner={link.banner} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {t('siteName')}. {t('footer.copyright')}
          </p>
        </div>
      </div>
    </footer>
  );
}
