import { useState } from 'react';
import { Link } from 'react-router';
import { EyeOff, Flag } from 'lucide-react';
import {
  BAN_DURATION_LABELS,
  BAN_DURATIONS,
  FLAG_DECISION_LABELS,
  FLAG_REASON_LABELS,
  MSG,
  TRUST_LEVEL_LABELS,
  type BanDuration,
  type FlagDecision,
  type FlaggedItem,
} from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { DestructiveButton } from '../../../components/ui/destructive-button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { ListRetry } from '../../../components/ui/list-states';
import { Loading } from '../../../components/ui/loading';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { RelativeTime } from '../../../components/ui/relative-time';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDecideFlag, useFlagQueue } from '../api/flags';

/** The Flags tab of /admin/moderation: each flagged item with its flags and reasons, and staff's four decisions. */
export function FlagsQueue() {
  const { data, isPending, isError, refetch, isRefetching } = useFlagQueue();
  if (isPending && !isError) return <Loading />;
  if (isError) return <ListRetry message={MSG.failedLoadData} onRetry={() => void refetch()} busy={isRefetching} />;
  if (data.items.length === 0)
    return <p className="rounded-lg border border-border bg-surface p-6 text-center text-muted">No open flags.</p>;
  return (
    <ol aria-label="Flagged posts and replies" className="space-y-3">
      {data.items.map((item) => (
        <li key={`${item.targetType}-${item.targetId}`}>
          <FlaggedItemCard item={item} />
        </li>
      ))}
    </ol>
  );
}

function FlaggedItemCard({ item }: { item: FlaggedItem }) {
  const [banning, setBanning] = useState(false);
  const decide = useDecideFlag();
  const what = item.targetType === 'post' ? 'Question' : 'Reply';

  const run = async (decision: FlagDecision, ban?: { reason: string; duration: BanDuration }) => {
    try {
      const result = await decide.mutateAsync({ targetType: item.targetType, targetId: item.targetId, decision, ban });
      toast.success(result.message);
      setBanning(false);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <article
      aria-label={`${what} by ${item.author.username}`}
      className="space-y-3 rounded-lg border border-border bg-surface p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <p className="text-sm text-muted">
            {what} by <span className="font-medium text-fg">{item.author.username}</span> on{' '}
            <Link to={paths.post(item.postId)} className="font-medium text-primary underline-offset-2 hover:underline">
              {item.postTitle}
            </Link>
          </p>
        </div>
        {item.hidden && (
          <span className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
            <EyeOff className="size-3" aria-hidden />
            Hidden
          </span>
        )}
      </header>
      <p className="line-clamp-4 text-sm break-words whitespace-pre-line text-fg">{item.content}</p>
      <ul aria-label="Flags" className="space-y-1.5 border-t border-border pt-3">
        {item.flags.map((flag) => (
          <li key={flag.id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <Flag className="size-3.5 shrink-0 self-center text-danger" aria-hidden />
            <span className="font-medium text-fg">{FLAG_REASON_LABELS[flag.reason]}</span>
            <span className="text-muted">
              by {flag.flagger.username} ({TRUST_LEVEL_LABELS[flag.flagger.trustLevel]}),{' '}
              <RelativeTime date={flag.createdAt} />
            </span>
            {flag.note && <span className="w-full pl-5 text-fg">“{flag.note}”</span>}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        <Button variant="secondary" size="sm" disabled={decide.isPending} onClick={() => void run('dismiss')}>
          {FLAG_DECISION_LABELS.dismiss}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={decide.isPending || item.hidden}
          onClick={() => void run('hide')}
        >
          {FLAG_DECISION_LABELS.hide}
        </Button>
        <DestructiveButton className="h-8 px-3" disabled={decide.isPending} onClick={() => void run('delete')}>
          {FLAG_DECISION_LABELS.delete}
        </DestructiveButton>
        <DestructiveButton
          className="h-8 px-3"
          disabled={decide.isPending || !item.author.id}
          onClick={() => setBanning(true)}
        >
          {FLAG_DECISION_LABELS['delete-and-ban']}
        </DestructiveButton>
      </div>
      <BanDialog
        open={banning}
        onOpenChange={setBanning}
        author={item.author.username}
        busy={decide.isPending}
        onConfirm={(ban) => void run('delete-and-ban', ban)}
      />
    </article>
  );
}

function BanDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  author: string;
  busy: boolean;
  onConfirm: (ban: { reason: string; duration: BanDuration }) => void;
}) {
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<BanDuration>('permanent');
  const blank = reason.trim().length === 0;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title={`Delete and ban ${props.author}`}
        description="The flagged content is deleted and its author banned."
      >
        <div className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="flag-ban-reason">Reason</Label>
            <Textarea id="flag-ban-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="flag-ban-duration">Duration</Label>
            <NativeSelect
              id="flag-ban-duration"
              value={duration}
              onChange={(e) => setDuration(e.target.value as BanDuration)}
            >
              {BAN_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {BAN_DURATION_LABELS[d]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <DestructiveButton
              disabled={props.busy || blank}
              onClick={() => props.onConfirm({ reason: reason.trim(), duration })}
            >
              Delete and ban
            </DestructiveButton>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
