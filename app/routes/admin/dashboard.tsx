import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminSections } from '../../components/admin/sections.ts';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { useLocalizedHref } from '../../lib/locale.ts';
import type { Route } from './+types/dashboard';

/** The console's landing page: the sections at a glance. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await staffReader(context, request);
  return null;
}

export default function Dashboard() {
  const { t } = useTranslation('admin');
  const to = useLocalizedHref();
  return (
    <section className="card p-6">
      <h1 className="text-2xl font-bold text-ink">{t('sections.dashboard')}</h1>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {adminSections.slice(1).map(({ key, path, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to(path)}
              className="focus-ring flex items-center gap-3 rounded-2xl p-4 ring-1 ring-slate-200 hover:bg-slate-50"
            >
              <Icon aria-hidden="true" className="size-5 text-brand-700" />
              <span className="font-medium text-ink">{t(`sections.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
