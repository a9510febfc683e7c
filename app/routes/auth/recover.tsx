export default function RecoverRoute() {
  return <h1>auth/recover</h1>;
}
