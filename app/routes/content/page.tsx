export default function PageRoute() {
  return <h1>content/page</h1>;
}
