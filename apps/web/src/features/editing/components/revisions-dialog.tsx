import { useState } from 'react';
import { History } from 'lucide-react';
import {
  MSG,
  TOPIC_LABELS,
  diffWords,
  type PostFields,
  type ReplyFields,
  type Revision,
  type Topic,
} from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { formatRelativeTime, RelativeTime } from '../../../components/ui/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRevisions, type RevisionsOf } from '../api/get-revisions';
import { useRestoreRevision } from '../api/restore-revision';

const KIND_LABELS: Record<Revision['kind'], string> = {
  edit: 'Edited',
  resubmit: 'Edited and resubmitted for review',
  restore: 'Restored an earlier version',
};

/** One field's change, words removed struck through and words added underlined (and named for screen readers). */
function FieldDiff({ label, before, after }: { label: string; before: string; after: string }) {
  if (before === after) return null;
  return (
    <div className="space-y-1">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</h4>
      <p className="text-sm break-words whitespace-pre-wrap text-fg">
        {diffWords(before, after).map((part, i) =>
          part.kind === 'same' ? (
            <span key={i}>{part.text}</span>
          ) : part.kind === 'added' ? (
            <ins
              key={i}
              aria-label={`added: ${part.text}`}
              className="rounded-sm bg-emerald-50 text-emerald-800 no-underline decoration-2 dark:bg-emerald-950 dark:text-emerald-200"
            >
              {part.text}
            </ins>
          ) : (
            <del
              key={i}
              aria-label={`removed: ${part.text}`}
              className="rounded-sm bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
            >
              {part.text}
            </del>
          ),
        )}
      </p>
    </div>
  );
}

const photoLine = (before: string[], after: string[]) => {
  const removed = before.filter((url) => !after.includes(url)).length;
  const added = after.filter((url) => !before.includes(url)).length;
  const parts = [added && `${added} added`, removed && `${removed} removed`].filter(Boolean);
  return parts.length ? `Photos: ${parts.join(', ')}` : null;
};

function RevisionChanges({ revision }: { revision: Revision }) {
  const before = revision.before;
  const after = revision.after;
  const photos = photoLine(before.images, after.images);
  if ('content' in before) {
    return (
      <>
        <FieldDiff label="Reply" before={before.content} after={(after as ReplyFields).content} />
        {photos && <p className="text-sm text-muted">{photos}</p>}
      </>
    );
  }
  const post = after as PostFields;
  const topic = (t: Topic) => TOPIC_LABELS[t];
  const video = before.video !== post.video ? (post.video ? 'Video: added' : 'Video: removed') : null;
  return (
    <>
      <FieldDiff label="Title" before={before.title} after={post.title} />
      <FieldDiff label="Topic" before={topic(before.topic)} after={topic(post.topic)} />
      <FieldDiff label="Description" before={before.description} after={post.description} />
      <FieldDiff label="Tags" before={before.tags.join(', ')} after={post.tags.join(', ')} />
      {photos && <p className="text-sm text-muted">{photos}</p>}
      {video && <p className="text-sm text-muted">{video}</p>}
      {before.denialReason && <p className="text-sm text-muted">Denied before this edit: {before.denialReason}</p>}
    </>
  );
}

/**
 * 'edited 5 minutes ago' on a question or reply; opening it lists the revisions newest first with the words each
 * one removed and added. Staff may put back the text an edit replaced.
 */
export function EditedMark({ of, editedAt }: { of: RevisionsOf; editedAt: string }) {
  const [open, setOpen] = useState(false);
  const revisions = useRevisions(of, open);
  const restore = useRestoreRevision(of.postId);
  const what = of.replyId ? 'reply' : 'question';

  async function restoreBefore(revision: Revision) {
    try {
      const result = await restore.mutateAsync(revision.id);
      toast.success(result.message);
    } catch (error) {
      toast.error(MSG.failedEdit, { description: errorMessage(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="inline-flex cursor-pointer items-center gap-1 rounded-sm text-xs text-muted underline-offset-2 hover:text-fg hover:underline"
          aria-label={`${MSG.edited} ${formatRelativeTime(editedAt)}: show the ${what}'s edit history`}
        >
          <History className="size-3.5" aria-hidden />
          {MSG.edited} <RelativeTime date={editedAt} />
        </button>
      </DialogTrigger>
      <DialogContent title={MSG.revisionsTitle} className="max-h-[85vh] max-w-2xl overflow-y-auto">
        {revisions.isPending ? (
          <Loading />
        ) : revisions.isError ? (
          <p className="text-sm text-danger">{MSG.failedLoadData}</p>
        ) : revisions.data.revisions.length === 0 ? (
          <p className="text-sm text-muted">{MSG.noRevisions}</p>
        ) : (
          <ol aria-label="Revisions, newest first" className="space-y-4">
            {revisions.data.revisions.map((revision) => (
              <li key={revision.id} className="space-y-3 rounded-md border border-border p-3">
                <p className="text-sm text-fg">
                  <span className="font-medium">{KIND_LABELS[revision.kind]}</span> by @{revision.editor.username}{' '}
                  <RelativeTime date={revision.createdAt} className="text-muted" />
                </p>
                <RevisionChanges revision={revision} />
                {revisions.data.canRestore && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={restore.isPending}
                    onClick={() => void restoreBefore(revision)}
                  >
                    {MSG.restoreRevision}
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
