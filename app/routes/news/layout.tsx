import { Outlet } from 'react-router';

export default function NewsLayout() {
  return <Outlet />;
}
