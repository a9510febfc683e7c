export default function FaqRoute() {
  return <h1>content/faq</h1>;
}
