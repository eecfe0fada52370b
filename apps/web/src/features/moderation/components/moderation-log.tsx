import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import {
  MODERATION_ACTIONS,
  MODERATION_ACTION_LABELS,
  MSG,
  type ModerationAction,
  type ModerationLogEntry,
} from '@fenestra/shared';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ListEmpty, ListRetry } from '../../../components/ui/list-states';
import { LoadMore } from '../../../components/ui/load-more';
import { Loading } from '../../../components/ui/loading';
import { NativeSelect } from '../../../components/ui/native-select';
import { paths } from '../../../config/paths';
import { useModerationLog, type LogQuery } from '../api/get-moderation-log';

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The target as recorded: a link while it can still exist, its snapshot label always. */
function Target({ entry }: { entry: ModerationLogEntry }) {
  const label = entry.targetLabel ?? entry.targetId;
  if (entry.targetType === 'post' && entry.action !== 'delete_post')
    return (
      <Link to={paths.post(entry.targetId)} className="text-link underline underline-offset-2">
        {label}
      </Link>
    );
  if (
    entry.targetType === 'user' &&
    entry.targetLabel &&
    entry.action !== 'delete_user' &&
    entry.action !== 'delete_account'
  ) {
    return (
      <Link to={paths.user(entry.targetLabel)} className="text-link underline underline-offset-2">
        @{label}
      </Link>
    );
  }
  return <span>{entry.targetType === 'user' ? `@${label}` : label}</span>;
}

/** Every staff action on the record, filtered by action, actor and date, 50 at a time. */
export function ModerationLog() {
  const id = useId();
  const [query, setQuery] = useState<LogQuery>({ action: '', actor: '', from: '', to: '' });
  const [actor, setActor] = useState('');
  const log = useModerationLog(query);

  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.actor === actor ? q : { ...q, actor })), 250);
    return () => clearTimeout(timer);
  }, [actor]);
  const failed = log.isError && !log.data;
  useEffect(() => {
    if (failed) toast.error(MSG.failedLoadLog, { id: 'log-load' });
  }, [failed]);

  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-label="Moderation log" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-4">
        <div className="space-y-1">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <NativeSelect
            id={`${id}-action`}
            value={query.action}
            onChange={(e) => setQuery((q) => ({ ...q, action: e.target.value as ModerationAction | '' }))}
          >
            <option value="">All actions</option>
            {MODERATION_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {MODERATION_ACTION_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-actor`}>Staff member</Label>
          <Input
            id={`${id}-actor`}
            value={actor}
            onChange={(e) => setActor(e.target.value)}
            placeholder="username"
            autoComplete="off"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={query.from}
            onChange={(e) => setQuery((q) => ({ ...q, from: e.target.value }))}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={query.to}
            onChange={(e) => setQuery((q) => ({ ...q, to: e.target.value }))}
          />
        </div>
      </div>
      {log.isPending ? (
        <Loading />
      ) : failed ? (
        <ListRetry message={MSG.failedLoadLog} onRetry={() => log.refetch()} busy={log.isFetching} />
      ) : entries.length === 0 ? (
        <ListEmpty>Nothing on the record for these filters.</ListEmpty>
      ) : (
        <ol className="divide-y divide-border rounded-lg border border-border bg-surface">
          {entries.map((entry) => (
            <li
              key={entry.id}
              data-testid="log-entry"
              className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-4"
            >
              <time dateTime={entry.createdAt} className="shrink-0 text-xs text-muted sm:w-40">
                {when(entry.createdAt)}
              </time>
              <div className="min-w-0 flex-1 break-words">
                <span className="font-medium">{entry.actorUsername ? `@${entry.actorUsername}` : 'System'}</span>{' '}
                <span className="text-muted">{MODERATION_ACTION_LABELS[entry.action].toLowerCase()}:</span>{' '}
                <Target entry={entry} />
                {entry.reason && (
                  <p className="mt-0.5 text-muted">
                    {/* A role change keeps the change in its reason ('user → moderator'): not a reason. */}
                    {entry.action === 'role_change' ? 'Role' : 'Reason'}: {entry.reason}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <LoadMore
        label="Load more"
        hasNextPage={log.hasNextPage}
        isFetchingNextPage={log.isFetchingNextPage}
        isError={log.isError && Boolean(log.data)}
        fetchNextPage={() => log.fetchNextPage()}
        retry={
          <ListRetry message={MSG.failedLoadLog} onRetry={() => log.fetchNextPage()} busy={log.isFetchingNextPage} />
        }
      />
    </section>
  );
}
