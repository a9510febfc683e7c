import { data } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ExternalLink } from '../../components/icons/external-link.tsx';
import { stripLocale } from '../../../shared/locales.ts';
import { paths } from '../../../shared/paths.ts';
import type { Partner } from '../../../shared/schemas/content.ts';
import { appContext } from '../../context.ts';
import type { Route } from './+types/partners';
import { PartnerTabs } from './partner-tabs.tsx';
import { EmptyState, PageHeader, Prose } from './parts.tsx';
import { contentCatalogue } from '../../i18n/catalogue-content.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';

/** /partners (the programme and the monitoring sites that list us) and /partners/users (partner users). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale, services } = context.get(appContext);
  const users = stripLocale(url.pathname).replace(/\/+$/, '') === paths.partnersUsers;
  const [page, partners] = await Promise.all([
    services.content.page(users ? 'partners-users' : 'partners', locale),
    services.content.partners(locale, users ? 'user' : 'monitoring'),
  ]);
  if (!page) throw data(null, { status: 404 });
  return { page, partners, users };
}

function PartnerCard({ partner }: { partner: Partner }) {
  const { t } = useTranslation('content');
  // The address as people read it: host, plus the path when there is one (t.me/channel).
  const shown = URL.canParse(partner.url)
    ? `${new URL(partner.url).host}${new URL(partner.url).pathname}`.replace(/\/$/, '')
    : partner.url;
  return (
    <li className="card flex flex-col p-5">
      <h3 className="text-lg font-semibold text-ink">{partner.name}</h3>
      <p className="mt-1 flex-1 text-sm text-slate-600">{partner.description}</p>
      <a
        href={partner.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('partners.visit', { name: partner.name })}
        className="link mt-3 inline-flex items-center gap-1.5 self-start text-sm"
      >
        {shown}
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    </li>
  );
}

export default function PartnersRoute({ loaderData }: Route.ComponentProps) {
  useLazyCatalogue(contentCatalogue);
  const { t } = useTranslation('content');
  const { page, partners, users } = loaderData;
  return (
    <div>
      <PageHeader
        title={page.title}
        lead={page.description}
        crumbs={users ? [{ label: t('partners.tabs.programme'), to: paths.partners }] : []}
      >
        <PartnerTabs />
      </PageHeader>
      <div className="max-w-3xl">
        <Prose html={page.html} />
      </div>
      <section aria-labelledby="partner-list" className="mt-6">
        <h2 id="partner-list" className="mb-4 text-xl font-semibold">
          {users ? t('partners.usersList') : t('partners.monitoringList')}
        </h2>
        {partners.length === 0 ? (
          <EmptyState>{users ? t('partners.usersEmpty') : t('partners.monitoringEmpty')}</EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {partners.map((p) => (
              <PartnerCard key={p.id} partner={p} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
