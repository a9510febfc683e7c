import { useTranslation } from 'react-i18next';

/** The document <title> of a page: '<title> — Obmen' (React 19 hoists it into <head>). */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{t('pageTitle', { title })}</title>;
}
