import type { ReactNode } from 'react';
import { Pin } from 'lucide-react';
import { MSG, type Reply } from '@fenestra/shared';
import { MemberText } from '../../../components/member-text';
import { AuthorByline } from '../../../components/author-byline';
import { cn } from '../../../lib/cn';
import { ReplyImages } from './reply-images';

interface ReplyCardProps {
  reply: Reply;
  avatar?: ReactNode;
  /** Staff controls (pin, delete), drawn by whoever composes the page. */
  actions?: ReactNode;
  /** Link preview cards, drawn by whoever composes the page. */
  links?: ReactNode;
}

/** One reply: author, when, the 'Pinned Reply' marker, the text with its links and mentions, and its photos. */
export function ReplyCard({ reply, avatar, actions, links }: ReplyCardProps) {
  return (
    <article
      aria-label={`Reply by ${reply.author.id === null ? 'Unknown' : reply.author.username}`}
      className={cn(
        'space-y-3 rounded-lg border bg-surface p-4 shadow-sm',
        reply.isPinned ? 'border-emerald-400 ring-1 ring-emerald-400 dark:border-emerald-700 dark:ring-emerald-700' : 'border-border',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <AuthorByline author={reply.author} createdAt={reply.createdAt} avatar={avatar} />
        <div className="flex items-center gap-2">
          {reply.isPinned && (
            <span className="inline-flex items-center gap-1 rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
              <Pin className="size-3" aria-hidden />
              {MSG.pinnedReply}
            </span>
          )}
          {actions}
        </div>
      </header>
      <MemberText text={reply.content} mentions={reply.mentions} className="text-sm sm:text-base" />
      <ReplyImages images={reply.images} />
      {links}
    </article>
  );
}
