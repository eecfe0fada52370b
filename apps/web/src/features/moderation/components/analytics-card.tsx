import { ChartColumn } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** A placeholder until the analytics page arrives. */
export function AnalyticsCard() {
  return (
    <Card className="p-5">
      <div className="flex items-center gap-2">
        <ChartColumn className="size-5 text-muted" aria-hidden />
        <h2 className="text-lg font-semibold">Analytics</h2>
      </div>
      <p className="mt-2 text-muted">Coming soon</p>
    </Card>
  );
}
