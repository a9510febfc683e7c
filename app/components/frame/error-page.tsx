import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useLocalizedHref } from '../../lib/locale.ts';

/** SPEC §2 error page: the title is the status code; 404 says 'page not found', anything else 'Something went wrong'. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const to = useLocalizedHref();
  const { pathname } = useLocation();
  const notFound = status === 404;
  return (
    <section>
      <title>{`${status} ${notFound ? t('error.notFound') : t('error.generic')}`}</title>
      <h1 className="text-5xl font-bold">{status}</h1>
      <p>{notFound ? t('error.notFound') : t('error.generic')}</p>
      {notFound && <p>{t('error.notFoundPath', { path: pathname })}</p>}
      <Link to={to(paths.home)}>{t('error.home')}</Link>
    </section>
  );
}
