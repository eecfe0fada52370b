import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePublicConfig } from '../../../lib/public-config';

export function Footer() {
  const { siteName, siteDescription, footerLinks } = usePublicConfig();
  return (
    <footer className="border-t border-border bg-surface">
      <div className="flex flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted sm:flex-row sm:px-6">
        {/* The server's year and the reader's differ for a moment at New Year. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {siteName}. {siteDescription}
        </p>
        <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
          {/* Links the admins add at /admin/settings: addresses elsewhere open as links out, paths here in the app. */}
          {footerLinks.map((link) => (
            <li key={`${link.label}-${link.url}`}>
              {link.url.startsWith('/') ? (
                <Link to={link.url} className="hover:text-fg hover:underline">
                  {link.label}
                </Link>
              ) : (
                <a href={link.url} rel="noopener noreferrer" className="hover:text-fg hover:underline">
                  {link.label}
                </a>
              )}
            </li>
          ))}
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
