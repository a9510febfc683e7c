export default function ListRoute() {
  return <h1>news/list</h1>;
}
