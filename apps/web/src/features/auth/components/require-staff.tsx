import { Navigate, Outlet } from 'react-router';
import { Loading } from '../../../components/ui/loading';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/session';

/** Admin routes: anyone but an admin or moderator goes home. */
export function RequireStaff() {
  const { me, isLoading } = useMe();
  if (isLoading) return <Loading />;
  if (!me?.isStaff) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
