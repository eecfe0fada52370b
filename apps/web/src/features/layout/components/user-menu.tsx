import { useNavigate } from 'react-router';
import { Bookmark, ChevronDown, FileText, LogOut, MessageSquarePlus, Settings } from 'lucide-react';
import type { Me } from '@fenestra/shared';
import { paths } from '../../../config/paths';
import { focusIsInPage } from '../../../lib/page-focus';
import { useSignOut } from '../api/sign-out';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { UserAvatar } from './user-avatar';

export function UserMenu({ me }: { me: Me }) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  async function signOutAndLeave() {
    try {
      await signOut.mutateAsync();
    } finally {
      // Signed out locally either way (useSignOut); SPEC: signing out returns to /auth.
      await navigate(paths.auth);
    }
  }

  const links = [
    { label: 'Ask a Question', to: paths.ask, icon: MessageSquarePlus },
    { label: 'My Posts', to: paths.myPosts, icon: FileText },
    { label: 'Bookmarks', to: paths.bookmarks, icon: Bookmark },
    { label: 'Account Settings', to: paths.settings, icon: Settings },
  ];

  return (
    // Not modal: the rest of the page stays reachable (and visible to assistive tech) while it is open.
    <DropdownMenu modal={false}>
      {/* Named by its content, 'User menu casey': the spoken name holds the username it shows (WCAG 2.5.3). */}
      <DropdownMenuTrigger className="flex h-9 cursor-pointer items-center gap-2 rounded-md px-1.5 text-sm font-medium text-fg hover:bg-surface-muted data-[state=open]:bg-surface-muted">
        <span className="sr-only">User menu</span> <UserAvatar user={me} />
        <span className="hidden max-w-32 truncate sm:inline">{me.username}</span>
        <ChevronDown className="hidden size-4 text-muted sm:inline" aria-hidden />
      </DropdownMenuTrigger>
      {/* An item that opened a page leaves focus on its heading (lib/page-focus), not back on this button. */}
      <DropdownMenuContent onCloseAutoFocus={(event) => focusIsInPage() && event.preventDefault()}>
        <DropdownMenuLabel>
          Signed in as <span className="font-medium text-fg">{me.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {links.map(({ label, to, icon: Icon }) => (
          <DropdownMenuItem key={to} onSelect={() => void navigate(to)}>
            <Icon className="size-4 text-muted" aria-hidden />
            {label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOutAndLeave().catch(() => {})}>
          <LogOut className="size-4 text-muted" aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
