export default function LoginRoute() {
  return <h1>auth/login</h1>;
}
