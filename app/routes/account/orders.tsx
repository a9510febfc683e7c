import { AccountSection } from '../../components/account-section.tsx';

/** /account/orders: the section's content comes with the accounts issue. */
export default function OrdersRoute() {
  return <AccountSection section="orders" />;
}
