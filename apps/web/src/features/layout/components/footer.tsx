import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function Footer() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="flex flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted sm:flex-row sm:px-6">
        {/* The server's year and the reader's differ for a moment at New Year. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} Fenestra. Hardware answers from people who fix windows and doors.</p>
        <ul className="flex gap-5">
          <li>
            <Link to={paths.privacy} className="hover:text-fg hover:underline">
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to={paths.terms} className="hover:text-fg hover:underline">
              Terms & Conditions
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
