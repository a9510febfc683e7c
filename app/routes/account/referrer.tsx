export default function ReferrerRoute() {
  return <h1>account/referrer</h1>;
}
