export default function SettingsRoute() {
  return <h1>account/settings</h1>;
}
