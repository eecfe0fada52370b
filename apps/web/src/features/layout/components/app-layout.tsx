import type { ReactNode } from 'react';
import { usePublicConfig } from '../../../lib/public-config';
import { useMe } from '../../../lib/session';
import { Footer } from './footer';
import { Header } from './header';
import { MobileNav } from './mobile-nav';
import { SidebarNav } from './sidebar-nav';
import { SiteAppearance } from './site-appearance';

/** Every page's frame: skip link, sticky header, sidebar (a drawer on phones), main, footer. */
interface AppLayoutProps {
  themeToggle: ReactNode;
  /** The header's bell, for members. */
  notificationBell?: ReactNode;
  children: ReactNode;
}

export function AppLayout({ themeToggle, notificationBell, children }: AppLayoutProps) {
  const { me, isLoading } = useMe();
  const { videoGuidesUrl } = usePublicConfig();
  const navProps = {
    signedIn: Boolean(me),
    isStaff: Boolean(me?.isStaff),
    isAdmin: me?.role === 'admin',
    videoGuidesUrl,
  };

  return (
    <div className="flex min-h-screen flex-col bg-bg text-fg">
      <SiteAppearance />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header
        me={me}
        meLoading={isLoading}
        themeToggle={themeToggle}
        notificationBell={notificationBell}
        menuButton={<MobileNav>{(close) => <SidebarNav {...navProps} onNavigate={close} />}</MobileNav>}
      />
      <div className="flex flex-1">
        <nav
          aria-label="Sidebar"
          className="sticky top-[57px] hidden h-[calc(100vh-57px)] w-60 shrink-0 overflow-y-auto border-r border-border bg-surface md:block"
        >
          <SidebarNav {...navProps} />
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-8 sm:py-8">
          <div className="mx-auto max-w-4xl">{children}</div>
        </main>
      </div>
      <Footer />
    </div>
  );
}
