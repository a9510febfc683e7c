import type { Ref } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { PageTitle } from './page-title.tsx';

type Section = 'orders' | 'adv' | 'promocodes' | 'referrer' | 'settings';

/**
 * The heading of an account page: its <title>, <h1> and one line on what the section holds. With `headingRef` the
 * heading can take the focus from a script (a list's new page moves it there: app/routes/account/orders.tsx).
 */
export function AccountSection({ section, headingRef }: { section: Section; headingRef?: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation('account');
  return (
    <>
      <PageTitle title={t(`${section}.title`)} />
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-2xl font-bold tracking-tight text-ink outline-none"
      >
        {t(`${section}.title`)}
      </h1>
      <p className="mt-2 text-slate-600">{t(`${section}.text`)}</p>
    </>
  );
}
