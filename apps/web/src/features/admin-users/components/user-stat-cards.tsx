import { useEffect } from 'react';
import { Ban, ShieldCheck, UserPlus, Users } from 'lucide-react';
import { trendLine, type Trend } from '@fenestra/shared';
import { StatCard } from '../../../components/ui/stat-card';
import { useUserStats } from '../api/get-user-stats';

const toneOf = (trend: Trend) => (trend === null || trend === 0 ? 'flat' : trend > 0 ? 'up' : 'down');

/** Total, active this week, banned (with its share) and staff; three week-on-week trends. Failures are only logged. */
export function UserStatCards() {
  const { data: stats, error } = useUserStats();

  useEffect(() => {
    if (error) console.warn('Failed to load user stats', error);
  }, [error]);

  return (
    <section aria-label="Member statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Total Users"
        value={stats ? stats.total.toLocaleString('en') : null}
        icon={Users}
        detail={stats && trendLine(stats.trends.total)}
        tone={stats ? toneOf(stats.trends.total) : 'flat'}
      />
      <StatCard
        label="Active This Week"
        value={stats ? stats.activeThisWeek.toLocaleString('en') : null}
        icon={UserPlus}
        detail={stats && trendLine(stats.trends.active)}
        tone={stats ? toneOf(stats.trends.active) : 'flat'}
      />
      {/* More bans is not good news: a rising ban count reads red. */}
      <StatCard
        label="Banned Users"
        value={stats ? `${stats.banned.toLocaleString('en')} (${stats.bannedPercent.toFixed(1)}%)` : null}
        icon={Ban}
        detail={stats && trendLine(stats.trends.banned)}
        tone={stats ? ({ up: 'down', down: 'up', flat: 'flat' } as const)[toneOf(stats.trends.banned)] : 'flat'}
      />
      <StatCard
        label="Staff"
        value={stats ? stats.staff.toLocaleString('en') : null}
        icon={ShieldCheck}
        detail="Admins and moderators"
      />
    </section>
  );
}
