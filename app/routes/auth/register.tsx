export default function RegisterRoute() {
  return <h1>auth/register</h1>;
}
