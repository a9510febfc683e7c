import { AccountSection } from '../../components/account-section.tsx';

/** /account/adv: the section's content comes with the accounts issue. */
export default function AdvRoute() {
  return <AccountSection section="adv" />;
}
