import { data } from 'react-router';

/** Claims come with the exchange issue; until then every claim id is unknown. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function ClaimRoute() {
  return null;
}
