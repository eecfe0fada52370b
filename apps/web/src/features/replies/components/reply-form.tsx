import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as LinkIcon } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { createReplySchema, firstIssue, LIMITS, MSG } from '@fenestra/shared';
import { MediaDropZone } from '../../../components/media/media-drop-zone';
import { MediaPreviews } from '../../../components/media/media-previews';
import { UploadProgressList } from '../../../components/media/upload-progress-list';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useMediaUploads } from '../../../lib/media/use-media-uploads';
import { useMe } from '../../../lib/session';
import { useCreateReply } from '../api/create-reply';
import { HyperlinkDialog } from './hyperlink-dialog';

/**
 * 'Add a Reply' (only while the question is open): text, up to 3 photos through the upload pipeline,
 * the insert-hyperlink dialog, and Post Reply, disabled while the text is blank or for visitors.
 */
export function ReplyForm({ postId, renderDraftPreviews }: { postId: string; renderDraftPreviews?: (content: string) => ReactNode }) {
  const { me } = useMe();
  const createReply = useCreateReply();
  const media = useMediaUploads({ purpose: 'reply' });
  const [content, setContent] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const ids = { heading: `${id}-heading`, count: `${id}-count`, signIn: `${id}-sign-in` };

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
    try {
      await createReply.mutateAsync({ postId, ...parsed.data });
    } catch (error) {
      // The session ended between typing and sending (the app drops to the visitor view as well).
      if (error instanceof ApiError && error.status === 401) toast.error(MSG.replySignIn);
      else toast.error(MSG.failedPostReply, { description: errorMessage(error) });
      return;
    }
    toast.success(MSG.replyPosted);
    setContent('');
    media.clear();
  };

  const length = content.trim().length;
  const blank = length === 0;
  const over = length > LIMITS.reply.max;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={ids.heading} className="space-y-3 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-5">
      <h2 id={ids.heading} className="text-lg font-semibold text-fg">
        {MSG.addReply}
      </h2>
      <Textarea
        ref={textarea}
        rows={5}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        aria-labelledby={ids.heading}
        aria-describedby={ids.count}
        placeholder="Share what you know: the part's name, where to find one, how you fixed yours..."
      />
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
          <MediaDropZone kind="photos" compact onFiles={media.addFiles} />
          <UploadProgressList uploads={media.pending} />
          <MediaPreviews
            images={media.images}
            video={null}
            removing={media.removing}
            onRemoveImage={(imageId) => void media.removeImage(imageId)}
            onRemoveVideo={() => {}}
          />
        </div>
      )}

      <div className="flex flex-col-reverse items-stretch gap-3 border-t border-border pt-3 sm:flex-row sm:items-center sm:justify-end">
        <p aria-live="polite" className="text-sm text-muted sm:mr-auto">
          {me ? (media.busy ? 'Waiting for uploads to finish...' : '') : (
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
