export default function AdvRoute() {
  return <h1>account/adv</h1>;
}
