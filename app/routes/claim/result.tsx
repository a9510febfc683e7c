export default function ResultRoute() {
  return <h1>claim/result</h1>;
}
