import { useId, useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Pencil, X } from 'lucide-react';
import { LIMITS, MSG, replyContentSchema, type Reply, type ReplyPage } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { MarkdownField } from '../../../components/composing/markdown-field';
import { DraftNotice } from '../../../components/composing/draft-notice';
import { useDraft } from '../../../lib/composing/use-draft';
import { useMe } from '../../../lib/session';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { ReplyPhotoUploads } from '../../../components/media/reply-photo-uploads';
import { useMediaUploads } from '../../../lib/media/use-media-uploads';
import { toast } from '../../../lib/toast';
import { useEditReply } from '../api/edit-reply';
import { DiscardEditConfirm } from '../../../components/composing/discard-edit-confirm';
import { EditConflictNotice } from './edit-conflict-notice';

/** The reply as the page's replies hold it now (after a refetch). */
function cachedReply(data: InfiniteData<ReplyPage> | undefined, replyId: string): Reply | undefined {
  return data?.pages.flatMap((page) => page.replies).find((reply) => reply.id === replyId);
}

/**
 * 'Edit reply': its text and photos in a dialog; a save based on an older version offers a reload. What is typed is
 * kept as a draft of this edit (closing the dialog or reloading the page loses nothing); Cancel asks, then drops it.
 */
export function EditReplyDialog({ reply }: { reply: Reply }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <Pencil className="size-4" aria-hidden />
          {MSG.editReply}
        </Button>
      </DialogTrigger>
      <DialogContent title={MSG.editReply} className="max-w-xl">
        {/* Drawn while open only, so it starts from the stored reply (or its draft) each time. */}
        <EditReplyForm reply={reply} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditReplyForm({ reply, onDone }: { reply: Reply; onDone: () => void }) {
  const client = useQueryClient();
  const id = useId();
  const { me } = useMe();
  const [content, setContent] = useState(reply.content);
  const [version, setVersion] = useState(reply.version);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const edit = useEditReply(reply.postId, reply.id);
  // The stored photos kept (the ones removed leave with the save), and new ones uploaded as a reply's.
  const [removedIds, setRemovedIds] = useState<ReadonlySet<string>>(new Set());
  const kept = reply.images.filter((image) => !removedIds.has(image.id));
  const media = useMediaUploads({ purpose: 'reply', stored: { images: kept.length, videos: 0 } });
  // The text as typed and the version it started from (a restored draft of an older version meets the 409).
  const draft = useDraft({
    memberId: me?.id ?? null,
    target: { editReplyId: reply.id },
    fields: { content, version },
    apply: (typed) => {
      setContent(typed.content);
      setVersion(typed.version);
    },
    empty: { content: reply.content, version: reply.version },
  });

  async function reload() {
    setReloading(true);
    await client.refetchQueries({ queryKey: queryKeys.replies.of(reply.postId), exact: true });
    const fresh = cachedReply(client.getQueryData(queryKeys.replies.of(reply.postId)), reply.id);
    if (fresh) setVersion(fresh.version);
    setConflict(false);
    setReloading(false);
  }

  function cancel() {
    if (content === reply.content) {
      draft.discard();
      onDone();
    } else setConfirmingCancel(true);
  }

  async function save() {
    const parsed = replyContentSchema.safeParse(content);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.replyMin);
      return;
    }
    setError(null);
    try {
      const result = await edit.mutateAsync({
        content: parsed.data,
        keepImageIds: kept.map((image) => image.id),
        imageUploadIds: media.images.map((image) => image.id),
        version,
      });
      draft.clear();
      toast.success(result.message);
      media.clear();
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'EDIT_CONFLICT') setConflict(true);
      else toast.error(MSG.failedEdit, { description: errorMessage(failure) });
    }
  }

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {draft.restored && <DraftNotice onDiscard={draft.discard} />}
      <Label htmlFor={`${id}-content`}>Reply</Label>
      <MarkdownField
        id={`${id}-content`}
        postId={reply.postId}
        rows={6}
        value={content}
        maxLength={LIMITS.reply.max + 100}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={setContent}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
      {kept.length > 0 && (
        <ul aria-label="Stored photos" className="flex flex-wrap gap-3">
          {kept.map((image, i) => (
            <li key={image.id} className="relative">
              <img
                src={image.url}
                alt={`Photo ${i + 1}`}
                className="size-20 rounded-md border border-border object-cover"
              />
              <button
                type="button"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => setRemovedIds((ids) => new Set(ids).add(image.id))}
                className="absolute -top-2 -right-2 cursor-pointer rounded-full border border-border bg-surface p-1 text-fg shadow-sm hover:bg-surface-muted"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ReplyPhotoUploads media={media} />
      {conflict && <EditConflictNotice busy={reloading} onReload={() => void reload()} />}
      {confirmingCancel && (
        <DiscardEditConfirm
          onKeep={() => setConfirmingCancel(false)}
          onDiscard={() => {
            draft.discard();
            onDone();
          }}
        />
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={edit.isPending || media.busy || !content.trim()}>
          {edit.isPending ? 'Saving...' : MSG.saveChanges}
        </Button>
      </div>
    </form>
  );
}
