import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useLocation } from 'react-router';
import { htmlLang, locales, type Locale } from '../../../shared/locales.ts';
import { useLocale } from '../../lib/locale.ts';
import { localeSwitchHref, rememberLocale } from '../../lib/locale-switch.ts';
import { FlagGb, FlagRu } from './flags.tsx';

const flags: Record<Locale, typeof FlagRu> = { ru: FlagRu, en: FlagGb };

/**
 * The language switcher (docs/product/site.md): one flag link per locale, named 'Русский' / 'English'. It loads the
 * same page in that locale with the query string kept, in full (`reloadDocument`): the locale, catalogues and root data
 * are per document.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLocale();
  const { pathname, search, hash } = useLocation();
  return (
    <div role="group" aria-label={t('language.label')} className="flex items-center rounded-full bg-slate-100 p-1">
      {locales.map((locale) => {
        const Flag = flags[locale];
        const active = locale === current;
        return (
          <Link
            key={locale}
            to={localeSwitchHref(pathname, search, locale, hash)}
            reloadDocument
            hrefLang={htmlLang[locale]}
            lang={htmlLang[locale]}
            aria-label={t(`language.${locale}`)}
            aria-current={active ? 'true' : undefined}
            onClick={() => rememberLocale(locale)}
            className={`focus-ring inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 text-xs font-semibold uppercase transition ${
              active ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink'
            }`}
          >
            <Flag className="h-3 w-[18px] rounded-[2px]" />
            <span aria-hidden="true" className="hidden sm:inline">
              {locale}
            </span>
          </Link>
        );
      })}
    </div>
  );
}
