import type { MouseEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/** 'Back to discussions': the previous page when there is one in this tab, otherwise home. */
export function BackLink() {
  const location = useLocation();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // The router names the first entry of a tab's history 'default': nothing to go back to.
    if (location.key === 'default' || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link
      to={paths.home}
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-link underline-offset-4 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to discussions
    </Link>
  );
}
