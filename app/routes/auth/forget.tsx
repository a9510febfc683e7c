export default function ForgetRoute() {
  return <h1>auth/forget</h1>;
}
