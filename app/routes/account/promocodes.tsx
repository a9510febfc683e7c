export default function PromocodesRoute() {
  return <h1>account/promocodes</h1>;
}
