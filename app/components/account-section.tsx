import { useTranslation } from '../i18n/use-translation.ts';
import { PageTitle } from './page-title.tsx';

type Section = 'orders' | 'adv' | 'promocodes' | 'referrer' | 'settings';

/** The heading of an account page: its <title>, <h1> and one line on what the section holds. */
export function AccountSection({ section }: { section: Section }) {
  const { t } = useTranslation('account');
  return (
    <>
      <PageTitle title={t(`${section}.title`)} />
      <h1 className="text-2xl font-bold tracking-tight text-ink">{t(`${section}.title`)}</h1>
      <p className="mt-2 text-slate-600">{t(`${section}.text`)}</p>
    </>
  );
}
