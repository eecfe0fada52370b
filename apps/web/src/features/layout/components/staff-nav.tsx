import { BarChart3, CircleDot, Settings2, ShieldCheck, Users } from 'lucide-react';
import { paths } from '../../../config/paths';
import { RouteItem, Section } from './sidebar-nav';

/** The sidebar's Admin section (staff; admins also see the site settings). */
export function StaffNav({ isAdmin, onNavigate }: { isAdmin?: boolean; onNavigate?: () => void }) {
  return (
    <Section title="Admin">
      <RouteItem to={paths.adminModeration} icon={ShieldCheck} label="Moderation" onNavigate={onNavigate} />
      <RouteItem to={paths.adminAnalytics} icon={BarChart3} label="Analytics" onNavigate={onNavigate} />
      <RouteItem to={paths.adminUnsolved} icon={CircleDot} label="Unsolved Posts" onNavigate={onNavigate} />
      <RouteItem to={paths.adminUsers} icon={Users} label="User Management" onNavigate={onNavigate} />
      {isAdmin && <RouteItem to={paths.adminSettings} icon={Settings2} label="Site Settings" onNavigate={onNavigate} />}
    </Section>
  );
}
