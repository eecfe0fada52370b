import type { ReactNode } from 'react';
import { CheckCircle2, EyeOff, Pin } from 'lucide-react';
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
  /** Beside the time: 'edited' with the reply's history, drawn by whoever composes the page. */
  meta?: ReactNode;
  /** Under the reply: the accept and helpful toggles and the author's edit, drawn by whoever composes the page. */
  footer?: ReactNode;
}

/** One reply: author, when, the 'Accepted answer' and 'Pinned Reply' markers, the text with its links and mentions, and its photos. */
export function ReplyCard({ reply, avatar, actions, links, meta, footer }: ReplyCardProps) {
  return (
    <article
      aria-label={`Reply by ${reply.author.id === null ? 'Unknown' : reply.author.username}`}
      className={cn(
        'space-y-3 rounded-lg border bg-surface p-4 shadow-sm',
        reply.held && 'border-dashed',
        reply.isAccepted || reply.isPinned
          ? 'border-emerald-400 ring-1 ring-emerald-400 dark:border-emerald-700 dark:ring-emerald-700'
          : 'border-border',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <AuthorByline author={reply.author} createdAt={reply.createdAt} avatar={avatar} />
          {meta}
        </div>
        <div className="flex items-center gap-2">
          {reply.isAccepted && (
            <span className="inline-flex items-center gap-1 rounded-full border border-emerald-700 bg-emerald-700 px-2.5 py-0.5 text-xs font-semibold text-white dark:border-emerald-500 dark:bg-emerald-700">
              <CheckCircle2 className="size-3" aria-hidden />
              {MSG.acceptedAnswer}
            </span>
          )}
          {reply.isPinned && (
            <span className="inline-flex items-center gap-1 rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
              <Pin className="size-3" aria-hidden />
              {MSG.pinnedReply}
            </span>
          )}
          {actions}
        </div>
      </header>
      {reply.held && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          {reply.held === 'hidden' ? `${MSG.replyHiddenNotice}. ${MSG.hiddenEditHint}` : MSG.replyPendingNotice}
        </p>
      )}
      <MemberText
        html={reply.contentHtml}
        quoteAuthor={reply.author.id === null ? undefined : reply.author.username}
        className="text-sm sm:text-base"
      />
      <ReplyImages images={reply.images} />
      {links}
      {footer && <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">{footer}</div>}
    </article>
  );
}
