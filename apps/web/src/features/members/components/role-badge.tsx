import type { Role } from '@fenestra/shared';
import { Shield, ShieldCheck, User } from 'lucide-react';
import { cn } from '../../../lib/cn';

const ROLES = {
  admin: {
    label: 'Admin',
    Icon: ShieldCheck,
    tone: 'border-violet-200 bg-violet-50 text-violet-800 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-300',
  },
  moderator: {
    label: 'Moderator',
    Icon: Shield,
    tone: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-300',
  },
  user: { label: 'Member', Icon: User, tone: 'border-border bg-surface-muted text-muted' },
} satisfies Record<Role, unknown>;

/** 'Admin', 'Moderator' or 'Member'. */
export function RoleBadge({ role }: { role: Role }) {
  const { label, Icon, tone } = ROLES[role];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
