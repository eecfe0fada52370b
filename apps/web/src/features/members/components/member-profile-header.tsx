import { Link } from 'react-router';
import { CalendarDays, Pencil } from 'lucide-react';
import { MSG, type MemberProfile } from '@fenestra/shared';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { AccountStatusBadge } from './account-status-badge';
import { RoleBadge } from './role-badge';

const monthYear = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' });

/** 'Joined November 2026'. */
const joinedLabel = (iso: string) => `Joined ${monthYear.format(new Date(iso))}`;

/** The profile's card: avatar, @username, badges, bio, join date, counts, and Edit Profile on one's own. */
export function MemberProfileHeader({ profile }: { profile: MemberProfile }) {
  const counts = [
    { label: 'Posts', value: profile.postCount },
    { label: 'Replies', value: profile.replyCount },
    { label: 'Helpful', value: profile.helpfulCount },
    { label: MSG.solutions, value: profile.solutionCount },
  ];
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar avatarUrl={profile.avatarUrl} copies={profile.avatarCopies} username={profile.username} size="xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight break-all text-fg">
              <span className="text-muted">@</span>
              {profile.username}
            </h1>
            <RoleBadge role={profile.role} />
            {profile.status && <AccountStatusBadge status={profile.status} />}
          </div>
          {profile.status === 'banned' && profile.banReason && (
            <p className="mt-2 text-sm text-danger">
              <span className="font-medium">Ban reason:</span> {profile.banReason}
            </p>
          )}
          {profile.bio ? (
            <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-line text-fg">{profile.bio}</p>
          ) : (
            <p className="mt-3 text-sm text-muted italic">
              {profile.isSelf ? 'You have not written a bio yet.' : 'No bio yet.'}
            </p>
          )}
          <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-muted">
            <CalendarDays className="size-4" aria-hidden />
            {joinedLabel(profile.joinedAt)}
          </p>
        </div>
        {profile.isSelf && (
          <Button asChild variant="secondary" className="self-start">
            <Link to={paths.settings}>
              <Pencil className="size-4" aria-hidden />
              Edit Profile
            </Link>
          </Button>
        )}
      </div>
      <dl className="mt-5 grid grid-cols-3 divide-x divide-border rounded-md border border-border bg-surface-muted/50">
        {counts.map(({ label, value }) => (
          <div key={label} className="flex flex-col-reverse items-center px-2 py-3">
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
            <dd className="text-xl font-semibold text-fg tabular-nums">{value.toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
