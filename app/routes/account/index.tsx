export default function IndexRoute() {
  return <h1>account/index</h1>;
}
