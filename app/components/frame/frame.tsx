import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuFor, isActive } from '../../../shared/navigation.ts';
import { paths } from '../../../shared/paths.ts';
import { useBarePath, useLocale, useLocalizedHref } from '../../lib/locale.ts';

export function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalizedHref();
  const current = useBarePath();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-4 p-4">
          <Link to={to(paths.home)} className="font-bold">
            {t('siteName')}
          </Link>
          <nav aria-label={t('nav.menu')}>
            <ul className="flex gap-3">
              {menuFor(locale).map((item) => (
                <li key={item.key}>
                  <Link to={to(item.path)} aria-current={isActive(item.path, current) ? 'page' : undefined}>
                    {t(`nav.${item.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 p-4">
        {children}
      </main>
      <footer className="border-t bg-white p-4 text-sm">
        <p>{t('footer.copyright')}</p>
        <p>{t('footer.adults')}</p>
      </footer>
    </div>
  );
}
