import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { House } from '../icons/house.tsx';
import { Mail } from '../icons/mail.tsx';
import { paths } from '../../../shared/paths.ts';
import { useLocalizedHref } from '../../lib/locale.ts';
import type { RootData } from '../../root.tsx';

/**
 * The error page (docs/product/site.md): the title is the status code; 404 says 'page not found' and names the path,
 * 503 (the database away) 'we will be back shortly', anything else 'Something went wrong'. It offers writing to support and a way home. Also rendered for unhandled
 * errors, when the root data may be missing: then there is no support address to show.
 */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const to = useLocalizedHref();
  const { pathname } = useLocation();
  const supportEmail = useRouteLoaderData<RootData>('root')?.site.supportEmail;
  const notFound = status === 404;
  // 503: the database is away for a moment (app/entry.server.tsx), not a fault to report.
  const unavailable = status === 503;
  // 403: a customer's session on a staff page. The heading stays the spec's "Something went wrong"; the line under it
  // says why, rather than "we know about the problem" for what is no fault at all.
  const forbidden = status === 403;
  const message = notFound ? t('error.notFound') : unavailable ? t('error.unavailable') : t('error.generic');
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-10 text-center sm:py-16"
      data-testid="error-page"
    >
      <title>{`${status} ${message}`}</title>
      <h1 className="bg-gradient-to-b from-brand-600 to-brand-700 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent sm:text-9xl">
        {status}
      </h1>
      <p className="mt-4 text-2xl font-semibold text-ink first-letter:uppercase">{message}</p>
      {notFound ? (
        <p className="mt-3 max-w-full text-slate-600 [overflow-wrap:anywhere]">
          {t('error.notFoundPath', { path: pathname })}
        </p>
      ) : (
        <p className="mt-3 text-slate-600">
          {unavailable ? t('error.unavailableHint') : forbidden ? t('error.forbiddenHint') : t('error.genericHint')}
        </p>
      )}
      {/* A missing page is no error that repeats: support hears of a broken link of ours, not of a mistyped address. */}
      <p className="mt-6 text-slate-600">{t(notFound ? 'error.notFoundSupport' : 'error.contactSupport')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={to(paths.home)} className="btn-primary inline-flex items-center gap-2 px-5 py-3">
          <House aria-hidden="true" className="size-4" />
          {t('error.home')}
        </Link>
        {supportEmail && (
          <a href={`mailto:${supportEmail}`} className="btn-secondary inline-flex items-center gap-2 px-5 py-3">
            <Mail aria-hidden="true" className="size-4" />
            {t('error.writeSupport')}
          </a>
        )}
      </div>
    </section>
  );
}
