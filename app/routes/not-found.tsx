import { data } from 'react-router';
import { ErrorPage } from '../components/frame/error-page.tsx';

/** Any path no route matches: status 404 with the error page, inside the frame. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
