import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useRouteLoaderData } from 'react-router';
import { CircleCheck } from '../../components/icons/circle-check.tsx';
import { CircleX } from '../../components/icons/circle-x.tsx';
import { Mail } from '../../components/icons/mail.tsx';
import { paths } from '../../../shared/paths.ts';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useBarePath, useLocalizedHref } from '../../lib/locale.ts';
import type { RootData } from '../../root.tsx';

/**
 * /claim/success and /claim/fail: where a payment provider returns the customer (docs/product/site.md result pages).
 */
export default function ClaimResultRoute() {
  const { t } = useTranslation();
  const to = useLocalizedHref();
  const success = useBarePath() === paths.claimSuccess;
  const supportEmail = useRouteLoaderData<RootData>('root')?.site.supportEmail;
  const title = t(success ? 'claimResult.successTitle' : 'claimResult.failTitle');
  const Icon = success ? CircleCheck : CircleX;
  return (
    <>
      <PageTitle title={title} />
      <Breadcrumb title={title} />
      <div className="card mx-auto max-w-xl p-8 text-center">
        <Icon
          aria-hidden="true"
          className={`mx-auto size-16 ${success ? 'text-emerald-600' : 'text-red-600'}`}
          strokeWidth={1.5}
        />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink">{title}</h1>
        <p className="mt-3 leading-relaxed text-slate-600">
          {t(success ? 'claimResult.successText' : 'claimResult.failText')}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={to(paths.home)} className="btn-primary px-5 py-3">
            {t('claimResult.newExchange')}
          </Link>
          {!success && supportEmail && (
            <a href={`mailto:${supportEmail}`} className="btn-secondary inline-flex items-center gap-2 px-5 py-3">
              <Mail aria-hidden="true" className="size-4" />
              {t('error.writeSupport')}
            </a>
          )}
        </div>
      </div>
    </>
  );
}
