import { useId, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The danger zone is outlined in the danger colour. */
  tone?: 'default' | 'danger';
}

/** One card of the settings page, named by its heading. */
export function SettingsSection({ title, description, children, tone = 'default' }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card className={cn('p-5 sm:p-6', tone === 'danger' && 'border-danger/50')}>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className={cn('text-lg font-semibold', tone === 'danger' ? 'text-danger' : 'text-fg')}>
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}
