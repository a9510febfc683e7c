import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ChevronDown } from '../../components/icons/chevron-down.tsx';
import { paths } from '../../../shared/paths.ts';
import { appContext } from '../../context.ts';
import { useLocalizedHref } from '../../lib/locale.ts';
import type { Route } from './+types/faq';
import { EmptyState, PageHeader, Prose } from './parts.tsx';
import { contentCatalogue } from '../../i18n/catalogue-content.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, services } = context.get(appContext);
  return { items: await services.content.faq(locale) };
}

/**
 * The FAQ as a disclosure list: native <details>/<summary> is a button with its expanded state exposed to assistive
 * technology, keyboard-operable and working without script; the question is a heading so the list can be skimmed.
 */
export default function FaqRoute({ loaderData }: Route.ComponentProps) {
  useLazyCatalogue(contentCatalogue);
  const { t } = useTranslation('content');
  const to = useLocalizedHref();
  const { items } = loaderData;
  return (
    <div className="max-w-3xl">
      <PageHeader title={t('faq.title')} lead={t('faq.lead')} />
      {items.length === 0 ? (
        <EmptyState>{t('faq.empty')}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.id}>
              <details className="group card open:shadow-md">
                <summary className="focus-ring flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left marker:hidden [&::-webkit-details-marker]:hidden">
                  <h2 className="text-base font-semibold text-ink sm:text-lg">{item.question}</h2>
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                  />
                </summary>
                <Prose html={item.html} className="border-t border-slate-100 px-5 pb-2 text-slate-700" />
              </details>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-8 text-slate-600">
        {t('faq.contact')}{' '}
        <Link to={to(paths.contacts)} className="link">
          {t('faq.contactLink')}
        </Link>
      </p>
    </div>
  );
}
