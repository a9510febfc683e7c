export default function MonitoringRoute() {
  return <h1>content/monitoring</h1>;
}
