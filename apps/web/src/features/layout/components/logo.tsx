import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePublicConfig } from '../../../lib/public-config';

export function Logo() {
  const { siteName, logoUrl } = usePublicConfig();
  return (
    <Link to={paths.home} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-fg">
      {logoUrl ? (
        <img src={logoUrl} alt="" className="size-7 rounded-md object-contain" width={28} height={28} />
      ) : (
        <DrawnWindow />
      )}
      {/* Named on every screen; spelled out where the header has room. */}
      <span className="sr-only sm:not-sr-only">{siteName}</span>
    </Link>
  );
}

/** The drawn window, the logo until an admin uploads one. */
function DrawnWindow() {
  return (
    <svg viewBox="0 0 32 32" className="size-7" aria-hidden>
      <rect x="3" y="3" width="26" height="26" rx="5" className="fill-primary" />
      <rect x="7.5" y="7.5" width="17" height="17" rx="1.5" fill="none" stroke="white" strokeWidth="2.5" />
      <path d="M16 7.5v17M7.5 16h17" stroke="white" strokeWidth="2.5" />
    </svg>
  );
}
