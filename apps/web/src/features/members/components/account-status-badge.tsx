import { Ban, CircleCheck } from 'lucide-react';
import { cn } from '../../../lib/cn';

const STATUSES = {
  active: {
    label: 'Active',
    Icon: CircleCheck,
    tone: 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  },
  banned: {
    label: 'Banned',
    Icon: Ban,
    tone: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-300',
  },
} as const;

/** 'Active' or 'Banned': shown to staff only (the API sends no status to anyone else). */
export function AccountStatusBadge({ status }: { status: keyof typeof STATUSES }) {
  const { label, Icon, tone } = STATUSES[status];
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
