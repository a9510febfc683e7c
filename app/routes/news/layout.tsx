import { Outlet, redirect } from 'react-router';
import { localesWithNews } from '../../../shared/navigation.ts';
import { homeWithoutNews } from '../../../shared/news-locales.ts';
import { appContext } from '../../context.ts';
import type { Route } from './+types/layout';
import { newsCatalogue } from '../../i18n/catalogue-news.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';

/**
 * The 'news' guard (docs/product/behaviour.md): a locale without a news section (en) sends its visitors to that
 * locale's home page, which says that news is published in Russian only (`?from=news`, docs/i18n.md).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(appContext);
  if (!localesWithNews.includes(locale)) throw redirect(homeWithoutNews(locale));
  return null;
}

export default function NewsLayout() {
  useLazyCatalogue(newsCatalogue);
  return <Outlet />;
}
