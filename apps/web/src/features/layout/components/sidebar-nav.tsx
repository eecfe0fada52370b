import { Suspense, useId, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import {
  Bookmark,
  CircleCheck,
  CircleDot,
  ExternalLink,
  Hash,
  LayoutList,
  Lightbulb,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { TOPICS, TOPIC_LABELS, parseFilter, parseSort, parseTopic } from '@fenestra/shared';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { lazyPage } from '../../../lib/stale-chunk';

// Staff only: their links and icons load when a staff member is shown (visitors and members never load them).
export const StaffNav = lazyPage(() => import('./staff-nav'), 'StaffNav');

interface SidebarNavProps {
  signedIn: boolean;
  isStaff: boolean;
  /** Admins also see the site settings. */
  isAdmin?: boolean;
  videoGuidesUrl: string;
  /** Called when a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

const itemClass = (active: boolean) =>
  cn(
    'flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm transition-colors',
    active ? 'bg-accent font-medium text-accent-fg' : 'text-fg hover:bg-surface-muted',
  );

export function Section({ title, children }: { title: string; children: ReactNode }) {
  // The drawer and the desktop sidebar can both be in the page: ids must differ.
  const id = useId();
  return (
    <div className="mb-5">
      <h2 id={id} className="mb-1 px-2.5 text-xs font-semibold tracking-wide text-muted uppercase">
        {title}
      </h2>
      <ul aria-labelledby={id} className="space-y-0.5">
        {children}
      </ul>
    </div>
  );
}

export function RouteItem({
  to,
  icon: Icon,
  label,
  onNavigate,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  onNavigate?: () => void;
}) {
  return (
    <li>
      <NavLink to={to} end onClick={onNavigate} className={({ isActive }) => itemClass(isActive)}>
        <Icon className="size-4 shrink-0" aria-hidden />
        {label}
      </NavLink>
    </li>
  );
}

/** A link to the home list; active when the home list shows exactly this filter or topic. */
function HomeItem({
  to,
  active,
  icon: Icon,
  label,
  onNavigate,
}: {
  to: string;
  active: boolean;
  icon: LucideIcon;
  label: string;
  onNavigate?: () => void;
}) {
  return (
    <li>
      <Link to={to} onClick={onNavigate} aria-current={active ? 'page' : undefined} className={itemClass(active)}>
        <Icon className="size-4 shrink-0" aria-hidden />
        {label}
      </Link>
    </li>
  );
}

export function SidebarNav({ signedIn, isStaff, isAdmin, videoGuidesUrl, onNavigate }: SidebarNavProps) {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const onHome = pathname === paths.home;
  // On the home list a Quick Filter keeps the topic and a Topic keeps the status, as the dropdowns do.
  const current = onHome
    ? {
        topic: parseTopic(searchParams.get('topic')),
        filter: parseFilter(searchParams.get('filter')),
        sort: parseSort(searchParams.get('sort')),
      }
    : { topic: null, filter: 'all' as const, sort: 'recent' as const };
  const { filter, topic } = current;
  const externalVideos = /^https?:\/\//i.test(videoGuidesUrl);

  return (
    <div className="px-3 py-4">
      <Section title="Quick Filters">
        <HomeItem
          to={paths.homeList({ ...current, filter: 'all' })}
          active={onHome && filter === 'all'}
          icon={LayoutList}
          label="All Posts"
          onNavigate={onNavigate}
        />
        <HomeItem
          to={paths.homeList({ ...current, filter: 'solved' })}
          active={onHome && filter === 'solved'}
          icon={CircleCheck}
          label="Solved"
          onNavigate={onNavigate}
        />
        <HomeItem
          to={paths.homeList({ ...current, filter: 'unsolved' })}
          active={onHome && filter === 'unsolved'}
          icon={CircleDot}
          label="Unsolved"
          onNavigate={onNavigate}
        />
      </Section>

      <Section title="Topics">
        <HomeItem
          to={paths.homeList({ ...current, topic: null })}
          active={onHome && topic === null}
          icon={Hash}
          label="All Topics"
          onNavigate={onNavigate}
        />
        {TOPICS.map((t) => (
          <HomeItem
            key={t}
            to={paths.homeList({ ...current, topic: t })}
            active={onHome && topic === t}
            icon={Hash}
            label={TOPIC_LABELS[t]}
            onNavigate={onNavigate}
          />
        ))}
      </Section>

      {signedIn && (
        <Section title="Your Content">
          <RouteItem to={paths.bookmarks} icon={Bookmark} label="Bookmarks" onNavigate={onNavigate} />
        </Section>
      )}

      <Section title="Resources">
        {externalVideos ? (
          <li>
            <a
              href={videoGuidesUrl}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onNavigate}
              className={itemClass(false)}
            >
              <Video className="size-4 shrink-0" aria-hidden />
              Video Guides
              <ExternalLink className="ml-auto size-3.5 text-muted" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ) : (
          <RouteItem to={videoGuidesUrl} icon={Video} label="Video Guides" onNavigate={onNavigate} />
        )}
        <RouteItem to={paths.bestPractices} icon={Lightbulb} label="Best Practices" onNavigate={onNavigate} />
      </Section>

      {isStaff && (
        <Suspense fallback={null}>
          <StaffNav isAdmin={isAdmin} onNavigate={onNavigate} />
        </Suspense>
      )}
    </div>
  );
}
