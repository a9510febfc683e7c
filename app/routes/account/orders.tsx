export default function OrdersRoute() {
  return <h1>account/orders</h1>;
}
