export default function ArchiveRoute() {
  return <h1>news/archive</h1>;
}
