import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
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
  // Someone who just signed out (or whose session ended) here is not told to sign in to this page.
  const wasMember = useRef(false);

  useEffect(() => {
    if (me) wasMember.current = true;
  }, [me]);

  useEffect(() => {
    if (!isVisitor) return;
    // A fixed id: StrictMode's second effect run must not show it twice.
    if (visitorMessage && !wasMember.current) toast.error(visitorMessage, { id: 'sign-in-required' });
    void navigate(paths.auth, { replace: true });
  }, [isVisitor, visitorMessage, navigate]);

  if (!me) return <Loading />;
  return <Outlet />;
}
