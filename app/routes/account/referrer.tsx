import { AccountSection } from '../../components/account-section.tsx';

/** /account/referrer: the section's content comes with the accounts issue. */
export default function ReferrerRoute() {
  return <AccountSection section="referrer" />;
}
