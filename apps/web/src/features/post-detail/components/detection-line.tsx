import {
  CircleAlert,
  CircleCheck,
  CircleHelp,
  CircleX,
  Loader,
  ShieldCheck,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { DETECTION_TEXT, confidenceLevel, confidencePercent, type Detection } from '@fenestra/shared';
import { cn } from '../../../lib/cn';

type Level = ReturnType<typeof confidenceLevel>;

// Each pair keeps >= 4.5:1 in its theme; the icon and the words carry the level too, never colour alone.
const LEVEL_STYLES: Record<Level, { className: string; icon: LucideIcon }> = {
  high: { className: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300', icon: CircleCheck },
  medium: { className: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200', icon: CircleAlert },
  low: { className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300', icon: CircleX },
  none: { className: 'bg-surface-muted text-muted', icon: CircleHelp },
};

/** What the AI (or a staff member) says an image shows, with the confidence as a whole percent. */
export function DetectionLine({ detection }: { detection: Detection | null | undefined }) {
  const confirmed = detection?.userConfirmedObject?.trim() || null;
  const object = confirmed ?? (detection?.object?.trim() || null);
  const confidence = typeof detection?.confidence === 'number' ? detection.confidence : null;
  const level = object ? confidenceLevel(confidence) : 'none';
  const { className, icon: Icon } = LEVEL_STYLES[level];

  if (!object) {
    // The grey state's words per status: queued, failed (the API tells staff only), otherwise nothing recognised.
    const status = detection?.status;
    const words =
      status === 'queued'
        ? DETECTION_TEXT.identifying
        : status === 'failed'
          ? DETECTION_TEXT.failed
          : DETECTION_TEXT.notIdentified;
    const StatusIcon = status === 'queued' ? Loader : status === 'failed' ? TriangleAlert : Icon;
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted" data-level="none" data-status={status ?? 'none'}>
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium',
            className,
            status === 'failed' && 'text-danger',
          )}
        >
          <StatusIcon className={cn('size-3.5', status === 'queued' && 'motion-safe:animate-spin')} aria-hidden />
          {words}
        </span>
      </p>
    );
  }

  const percent = confidence === null ? null : `${confidencePercent(confidence)}%`;
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-xs" data-level={level}>
      <span className="line-clamp-2 font-medium break-words text-fg" title={object}>
        {object}
      </span>
      {confirmed && (
        <span className="inline-flex items-center gap-0.5 text-muted">
          <ShieldCheck className="size-3.5" aria-hidden />
          confirmed by staff
        </span>
      )}
      {percent && (
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold tabular-nums',
            className,
          )}
          title={`Confidence ${percent} (${level})`}
        >
          <Icon className="size-3.5" aria-hidden />
          <span aria-hidden>{percent}</span>
          <span className="sr-only">{`Confidence ${percent} (${level})`}</span>
        </span>
      )}
    </p>
  );
}
