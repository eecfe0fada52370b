import { useEffect } from 'react';
import { Clock, FileText, Flag, Hourglass, ImageOff, MailWarning, Users } from 'lucide-react';
import { DETECTION_TEXT, MSG, type AdminStats as AdminStatsData } from '@fenestra/shared';
import { useAdminStats } from '../api/get-admin-stats';
import { formatReplyHours } from '../utils/format-reply-hours';
import { StatCard } from '../../../components/ui/stat-card';

const count = (stats: AdminStatsData | undefined, key: 'totalUsers' | 'activePosts' | 'pendingReview' | 'openFlags') =>
  stats ? stats[key].toLocaleString('en') : null;

/**
 * Total Users, Active Posts, Pending Review, Avg. Reply Time, and below them how many notification
 * emails were given up on and how many image detections failed, when any did. A failure is only logged (SPEC section 8).
 */
export function AdminStats() {
  const { data: stats, error } = useAdminStats();

  useEffect(() => {
    if (error) console.warn('Failed to load admin stats', error);
  }, [error]);

  return (
    <section aria-label="Statistics" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <StatCard label="Total Users" value={count(stats, 'totalUsers')} icon={Users} />
        <StatCard label="Active Posts" value={count(stats, 'activePosts')} icon={FileText} />
        <StatCard label="Pending Review" value={count(stats, 'pendingReview')} icon={Hourglass} />
        <StatCard label="Avg. Reply Time" value={stats ? formatReplyHours(stats.avgReplyHours) : null} icon={Clock} />
        <StatCard label="Open Flags" value={count(stats, 'openFlags')} icon={Flag} />
      </div>
      {stats && stats.failedEmails > 0 && (
        <p className="flex items-center gap-2 text-sm text-danger">
          <MailWarning className="size-4 shrink-0" aria-hidden />
          {MSG.failedEmailsLine(stats.failedEmails)}
        </p>
      )}
      {stats && stats.failedDetections > 0 && (
        <p className="flex items-center gap-2 text-sm text-danger">
          <ImageOff className="size-4 shrink-0" aria-hidden />
          {DETECTION_TEXT.failedCount(stats.failedDetections)}
        </p>
      )}
    </section>
  );
}
