import { AccountSection } from '../../components/account-section.tsx';

/** /account/promocodes: the section's content comes with the accounts issue. */
export default function PromocodesRoute() {
  return <AccountSection section="promocodes" />;
}
