import { Outlet, redirect } from 'react-router';
import { localesWithNews } from '../../../shared/navigation.ts';
import { paths, href } from '../../../shared/paths.ts';
import { appContext } from '../../context.ts';
import type { Route } from './+types/layout';
import { newsCatalogue } from '../../i18n/catalogue-news.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';

/**
 * The 'news' guard (docs/product/behaviour.md): a locale without a news section (en) sends its visitors to that
 * locale's home page.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(appContext);
  if (!localesWithNews.includes(locale)) throw redirect(href(locale, paths.home));
  return null;
}

export default function NewsLayout() {
  useLazyCatalogue(newsCatalogue);
  return <Outlet />;
}
