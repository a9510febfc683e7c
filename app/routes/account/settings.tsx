import { AccountSection } from '../../components/account-section.tsx';

/** /account/settings: the section's content comes with the accounts issue. */
export default function SettingsRoute() {
  return <AccountSection section="settings" />;
}
