import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as LinkIcon } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { toastIfEmailUnconfirmed } from '../../../lib/confirm-email';
import { createReplySchema, firstIssue, LIMITS, mentionedNames, MSG, type Reply } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { MarkdownField } from '../../../components/composing/markdown-field';
import { DraftNotice } from '../../../components/composing/draft-notice';
import { QuoteSelection } from '../../../components/composing/quote-selection';
import { useDraft } from '../../../lib/composing/use-draft';
import { appendQuote, quoteOf } from '../../../lib/composing/markdown-edits';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { ReplyPhotoUploads } from '../../../components/media/reply-photo-uploads';
import { useMediaUploads } from '../../../lib/media/use-media-uploads';
import { useMe } from '../../../lib/session';
import { useCreateReply } from '../api/create-reply';
import { HyperlinkDialog } from './hyperlink-dialog';

/**
 * 'Add a Reply' (only while the question is open): text, up to 3 photos through the upload pipeline,
 * the insert-hyperlink dialog, and Post Reply, disabled while the text is blank or for visitors.
 */
export function ReplyForm({
  postId,
  renderDraftPreviews,
}: {
  postId: string;
  renderDraftPreviews?: (content: string) => ReactNode;
}) {
  const { me } = useMe();
  const createReply = useCreateReply();
  const media = useMediaUploads({ purpose: 'reply' });
  const [content, setContent] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const ids = { heading: `${id}-heading`, count: `${id}-count`, hint: `${id}-hint`, signIn: `${id}-sign-in` };
  // What is typed here is kept per member and post, and comes back after a reload or on another device.
  const draft = useDraft({
    memberId: me?.id ?? null,
    target: { postId },
    fields: { content },
    apply: (fields) => setContent(fields.content),
    empty: { content: '' },
  });

  /** 'Quote' on words selected in the question or a reply: they come in as a block quote with '@author wrote:'. */
  const addQuote = (author: string, words: string) => {
    const edit = appendQuote(content, quoteOf(author, words));
    setContent(edit.value);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };

  const selectedText = () => {
    const field = textarea.current;
    return field ? field.value.slice(field.selectionStart, field.selectionEnd).trim() : '';
  };

  /** Puts the link where the cursor was (in place of a selection), then the cursor after it. */
  const insertLink = (markup: string) => {
    const field = textarea.current;
    const start = field?.selectionStart ?? content.length;
    const end = field?.selectionEnd ?? content.length;
    const before = content.slice(0, start);
    const spacer = before && !/\s$/.test(before) ? ' ' : '';
    const next = `${before}${spacer}${markup}${content.slice(end)}`;
    setContent(next);
    const caret = before.length + spacer.length + markup.length;
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(caret, caret);
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createReplySchema.safeParse({ content, imageUploadIds: media.images.map((image) => image.id) });
    if (!parsed.success) {
      toast.error(firstIssue(parsed.error));
      return;
    }
    let posted: Reply;
    try {
      posted = await createReply.mutateAsync({ postId, ...parsed.data });
    } catch (error) {
      // The session ended between typing and sending (the app drops to the visitor view as well).
      if (error instanceof ApiError && error.status === 401) toast.error(MSG.replySignIn);
      else if (!toastIfEmailUnconfirmed(error)) toast.error(MSG.failedPostReply, { description: errorMessage(error) });
      return;
    }
    // A new member's first reply waits for review: it shows to them with that notice.
    toast.success(posted.held === 'pending' ? MSG.replyAwaitingReview : MSG.replyPosted);
    draft.clear();
    setContent('');
    media.clear();
  };

  const length = content.trim().length;
  const blank = length === 0;
  const over = length > LIMITS.reply.max;
  const tooManyMentions = mentionedNames(content).length > LIMITS.mentionsPerReply;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={ids.heading}
      className="space-y-3 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <h2 id={ids.heading} className="text-lg font-semibold text-fg">
        {MSG.addReply}
      </h2>
      {draft.restored && <DraftNotice onDiscard={draft.discard} />}
      {me && <QuoteSelection onQuote={addQuote} />}
      <MarkdownField
        textareaRef={textarea}
        postId={postId}
        rows={5}
        value={content}
        onChange={setContent}
        aria-labelledby={ids.heading}
        aria-describedby={`${ids.count} ${ids.hint}`}
        placeholder="Share what you know: the part's name, where to find one, how you fixed yours..."
      />
      <p id={ids.hint} className={cn('text-xs', tooManyMentions ? 'font-medium text-danger' : 'text-muted')}>
        {tooManyMentions ? MSG.tooManyMentions : MSG.mentionsHint}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <HyperlinkDialog
          initialText={selectedText}
          onInsert={insertLink}
          trigger={
            <Button variant="secondary" size="sm">
              <LinkIcon className="size-4" aria-hidden />
              Insert link
            </Button>
          }
        />
        <p id={ids.count} className={cn('text-xs tabular-nums', over ? 'font-medium text-danger' : 'text-muted')}>
          {length}/{LIMITS.reply.max}
          <span className="sr-only"> characters</span>
        </p>
      </div>

      {me && renderDraftPreviews?.(content)}

      {me && (
        <div className="space-y-3">
          <ReplyPhotoUploads media={media} />
        </div>
      )}

      <div className="flex flex-col-reverse items-stretch gap-3 border-t border-border pt-3 sm:flex-row sm:items-center sm:justify-end">
        <p aria-live="polite" className="text-sm text-muted sm:mr-auto">
          {me ? (
            media.busy ? (
              'Waiting for uploads to finish...'
            ) : (
              ''
            )
          ) : (
            <>
              <span id={ids.signIn}>{MSG.replySignIn}</span>{' '}
              <Link to={paths.auth} className="font-medium text-link underline underline-offset-4 hover:no-underline">
                Sign In
              </Link>
            </>
          )}
        </p>
        <Button
          type="submit"
          disabled={!me || blank || media.busy || createReply.isPending}
          aria-describedby={me ? undefined : ids.signIn}
        >
          {createReply.isPending ? 'Posting...' : MSG.postReply}
        </Button>
      </div>
    </form>
  );
}
