import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** One figure of the dashboard: its name, its value (a dash until it loads) and an icon. */
export function StatCard({ label, value, icon: Icon }: { label: string; value: string | null; icon: LucideIcon }) {
  return (
    <Card className="flex items-start justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted">{label}</p>
        <p className="mt-1 text-2xl font-semibold tracking-tight text-fg tabular-nums">
          {value ?? (
            <>
              <span aria-hidden>—</span>
              <span className="sr-only">Not available</span>
            </>
          )}
        </p>
      </div>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-fg" aria-hidden>
        <Icon className="size-5" />
      </span>
    </Card>
  );
}
