export default function HomeRoute() {
  return <h1>home</h1>;
}
