import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Author } from '@fenestra/shared';
import { RelativeTime } from '../../../components/ui/relative-time';
import { paths } from '../../../config/paths';

interface PostAuthorProps {
  author: Author;
  createdAt: string;
  /** The author's avatar, drawn by whoever composes this page. */
  avatar?: ReactNode;
}

/** Avatar, name, @username and when the question was asked. A deleted author reads 'Unknown' / 'unknown'. */
export function PostAuthor({ author, createdAt, avatar }: PostAuthorProps) {
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
