import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Author } from '@fenestra/shared';
import { RelativeTime } from './ui/relative-time';
import { paths } from '../config/paths';

interface AuthorBylineProps {
  author: Author;
  createdAt: string;
  /** The author's avatar, drawn by whoever composes the page. */
  avatar?: ReactNode;
}

/** Avatar, name, @username and when a question or reply was written. A deleted author reads 'Unknown' / 'unknown'. */
export function AuthorByline({ author, createdAt, avatar }: AuthorBylineProps) {
  const known = author.id !== null;
  const name = known ? author.username : 'Unknown';
  return (
    <div className="flex min-w-0 items-center gap-3">
      {avatar}
      <div className="min-w-0 text-sm">
        <p className="truncate font-semibold text-fg">
          {known ? (
            <Link to={paths.user(author.username)} className="hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-muted">
          <span className="truncate">@{author.username}</span>
          <span aria-hidden>·</span>
          <RelativeTime date={createdAt} />
        </p>
      </div>
    </div>
  );
}
