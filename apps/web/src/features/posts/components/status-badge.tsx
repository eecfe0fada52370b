import type { PostStatus } from '@fenestra/shared';
import { CheckCircle2, CircleDot, Clock, XCircle } from 'lucide-react';
import { cn } from '../../../lib/cn';

const BADGES = {
  solved: {
    label: 'Solved',
    Icon: CheckCircle2,
    className:
      'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  },
  open: {
    label: 'In Progress',
    Icon: CircleDot,
    className: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-300',
  },
  pending: {
    label: 'Pending review',
    Icon: Clock,
    className:
      'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
  denied: {
    label: 'Denied',
    Icon: XCircle,
    className: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-300',
  },
} satisfies Record<PostStatus, unknown>;

/** Solved / In Progress for public posts; Pending review / Denied for the author and staff. */
export function StatusBadge({ status, className }: { status: PostStatus; className?: string }) {
  const { label, Icon, className: tone } = BADGES[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone,
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
