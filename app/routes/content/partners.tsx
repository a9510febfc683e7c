export default function PartnersRoute() {
  return <h1>content/partners</h1>;
}
