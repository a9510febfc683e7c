import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { Gift } from '../../components/icons/gift.tsx';
import { Info } from '../../components/icons/info.tsx';
import { paths } from '../../../shared/paths.ts';
import { accountReader } from '../../components/account/account-reader.server.ts';
import { PromocodeList } from '../../components/account/promocode-list.tsx';
import { AccountError, EmptyState } from '../../components/account/states.tsx';
import { AccountSection } from '../../components/account-section.tsx';
import { useLocalizedHref } from '../../lib/locale.ts';
import type { Route } from './+types/promocodes';

/** The customer's codes: the same list as GET /api/v1/users/me/promocodes/, read in-process as the user. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, services } = await accountReader(context, request);
  return { codes: await services.promocodes.ofUser(user.id, user.email) };
}

export default function PromocodesRoute({ loaderData: { codes } }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const to = useLocalizedHref();
  return (
    <>
      <AccountSection section="promocodes" />
      <div className="mt-6">
        {codes.length ? (
          <>
            <p className="mb-4 flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-800">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {t('promocodes.howTo')}{' '}
                <Link to={to(paths.home)} className="link">
                  {t('orders.emptyAction')}
                </Link>
              </span>
            </p>
            <PromocodeList codes={codes} />
          </>
        ) : (
          <EmptyState
            icon={<Gift aria-hidden="true" className="size-6" />}
            title={t('promocodes.emptyTitle')}
            text={t('promocodes.emptyText')}
            testId="promocodes-empty"
            action={
              <Link to={to(paths.sales)} className="btn-secondary">
                {t('promocodes.emptyAction')}
              </Link>
            }
          />
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AccountError />;
}
