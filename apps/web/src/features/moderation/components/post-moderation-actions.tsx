import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { CheckCircle2, RotateCcw, Trash2, Undo2, type LucideIcon } from 'lucide-react';
import {
  MSG,
  POST_ACTION_INFO,
  confirmWordMatches,
  postActionsFor,
  type PostAction,
  type PostStatus,
} from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmWordDialog } from '../../../components/ui/confirm-word-dialog';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useRunPostAction } from '../api/run-post-action';

const ICONS: Record<PostAction, LucideIcon> = {
  solve: CheckCircle2,
  reopen: RotateCcw,
  unapprove: Undo2,
  delete: Trash2,
};
const EXPLAIN: Record<PostAction, string> = {
  solve:
    'The question is marked as solved and further replies are disabled. The author and everyone who bookmarked it are told.',
  reopen: 'The question is open again and members can reply.',
  unapprove: 'The question leaves the public lists and goes back to the review queue.',
  delete: 'The question, its replies and every photo and video they hold are removed for good.',
};

/** Staff buttons on the post page: the actions its status allows, each behind a typed word. */
export function PostModerationActions({
  postId,
  postTitle,
  status,
}: {
  postId: string;
  postTitle: string;
  status: PostStatus;
}) {
  const [active, setActive] = useState<PostAction | null>(null);
  const runAction = useRunPostAction();
  const navigate = useNavigate();
  const actions = postActionsFor(status);
  if (actions.length === 0) return null;

  const confirm = async (action: PostAction) => {
    try {
      await runAction.mutateAsync({ postId, action });
    } catch (failure) {
      toast.error(MSG.failedUpdatePost, { description: errorMessage(failure) });
      throw failure;
    }
    toast.success(POST_ACTION_INFO[action].success);
    if (action === 'delete') await navigate(paths.home, { replace: true });
  };

  const info = active ? POST_ACTION_INFO[active] : null;
  return (
    <section
      aria-label="Moderation"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface-muted p-3"
    >
      <h2 className="mr-1 text-sm font-semibold text-muted">Moderation</h2>
      {actions.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            size="sm"
            variant={action === 'delete' ? 'secondary-danger' : 'secondary'}
            onClick={() => setActive(action)}
          >
            <Icon className="size-4" aria-hidden />
            {POST_ACTION_INFO[action].label}
          </Button>
        );
      })}
      {active && info && (
        <ConfirmWordDialog
          open
          onOpenChange={(open) => !open && setActive(null)}
          title={`${info.label}?`}
          description={`“${postTitle}”. ${EXPLAIN[active]}`}
          word={info.word}
          matches={(typed) => confirmWordMatches(typed, info.word)}
          mismatch={MSG.confirmWord(info.word)}
          confirmLabel={info.label}
          busyLabel="Working..."
          busy={runAction.isPending}
          destructive={active === 'delete' || active === 'unapprove'}
          onConfirm={() => confirm(active)}
        />
      )}
    </section>
  );
}
