import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Loading } from '../../../components/ui/loading';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/session';

/**
 * Member-only pages: visitors go to /auth (replacing the history entry), optionally with a toast.
 * Waits for /api/me before deciding.
 */
export function RequireMember({ visitorMessage }: { visitorMessage?: string }) {
  const { me, isLoading } = useMe();
  const navigate = useNavigate();
  const isVisitor = !isLoading && !me;

  useEffect(() => {
    if (!isVisitor) return;
    // A fixed id: StrictMode's second effect run must not show it twice.
    if (visitorMessage) toast.error(visitorMessage, { id: 'sign-in-required' });
    void navigate(paths.auth, { replace: true });
  }, [isVisitor, visitorMessage, navigate]);

  if (!me) return <Loading />;
  return <Outlet />;
}
