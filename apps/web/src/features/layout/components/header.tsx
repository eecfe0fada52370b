import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MessageSquarePlus } from 'lucide-react';
import type { Me } from '@fenestra/shared';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { lazyPage } from '../../../lib/stale-chunk';
import { Logo } from './logo';
import { SearchBox } from './search-box';
import { UserAvatar } from './user-avatar';

// Members only, and Radix's menu is big: loaded when a member is shown (visitors never load it).
export const UserMenu = lazyPage(() => import('./user-menu'), 'UserMenu');

interface HeaderProps {
  me: Me | null;
  /** Until /api/me answers, neither the member's controls nor the visitor's links show. */
  meLoading: boolean;
  /** The drawer's menu button (phones). */
  menuButton: ReactNode;
  themeToggle: ReactNode;
  /** The notification bell, shown to members only. */
  notificationBell?: ReactNode;
}

export function Header({ me, meLoading, menuButton, themeToggle, notificationBell }: HeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2.5 sm:flex-nowrap sm:gap-x-3 sm:px-6">
        {menuButton}
        <Logo />
        <SearchBox className="order-last w-full sm:order-none sm:mx-4 sm:max-w-xl sm:min-w-48 sm:flex-1" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Button asChild size="md" className="px-2.5 sm:px-4">
            <Link to={paths.ask}>
              <MessageSquarePlus className="size-4" aria-hidden />
              <span className="sr-only lg:not-sr-only">Ask Question</span>
            </Link>
          </Button>
          {me && notificationBell}
          {themeToggle}
          {me && (
            <Suspense
              fallback={
                <span aria-hidden className="flex h-9 items-center gap-2 px-1.5 text-sm font-medium">
                  <UserAvatar user={me} />
                  <span className="hidden max-w-32 truncate sm:inline">{me.username}</span>
                  <span className="hidden size-4 sm:inline" />
                </span>
              }
            >
              <UserMenu me={me} />
            </Suspense>
          )}
          {!me && !meLoading && (
            <>
              <Button asChild variant="ghost" size="md" className="px-2.5">
                <Link to={paths.auth}>Sign In</Link>
              </Button>
              <Button asChild variant="secondary" size="md" className="px-2.5 sm:px-4">
                <Link to={paths.signUp}>Sign Up</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
