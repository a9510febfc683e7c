import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { paths } from '../../../shared/paths.ts';
import { useBarePath, useLocalizedHref } from '../../lib/locale.ts';

const sections = [
  { key: 'programme', path: paths.partners },
  { key: 'users', path: paths.partnersUsers },
  { key: 'monitoring', path: paths.partnersMonitoring },
] as const;

/** Links between the three partner pages; the current one is marked for assistive technology too. */
export function PartnerTabs() {
  const { t } = useTranslation('content');
  const to = useLocalizedHref();
  const current = useBarePath();
  return (
    <nav aria-label={t('partners.sections')} className="mt-5">
      <ul className="flex flex-wrap gap-2">
        {sections.map((s) => {
          const active = current === s.path;
          return (
            <li key={s.key}>
              <Link
                to={to(s.path)}
                aria-current={active ? 'page' : undefined}
                className={`focus-ring inline-flex rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition ${
                  active
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700'
                }`}
              >
                {t(`partners.tabs.${s.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
