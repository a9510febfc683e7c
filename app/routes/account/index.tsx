import { redirect } from 'react-router';
import { href, paths } from '../../../shared/paths.ts';
import { appContext } from '../../context.ts';
import type { Route } from './+types/index';

/** /account itself has no page: /account/orders is the landing of the account area (docs/product/site.md). */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(href(context.get(appContext).locale, paths.accountOrders));
}

export default function AccountIndexRoute() {
  return null;
}
