import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { MSG } from '@fenestra/shared';
import { ListEmpty, ListRetry } from '../../../components/ui/list-states';
import { LoadMore } from '../../../components/ui/load-more';
import { Loading } from '../../../components/ui/loading';
import { useMe } from '../../../lib/session';
import { useUsers, type UserQuery } from '../api/get-users';
import { UserFilters } from './user-filters';
import { UserStatCards } from './user-stat-cards';
import { UsersTable, type UserBadges } from './users-table';

const SEARCH_PAUSE_MS = 250;

/** /admin/users: stat cards, search and filters, 'Showing X of Y users', the table and Load more. */
export function UserManagementPage({ badges }: { badges: UserBadges }) {
  const { me } = useMe();
  const [query, setQuery] = useState<UserQuery>({ q: '', role: 'all', status: 'all', sort: 'newest' });
  const [search, setSearch] = useState('');
  const users = useUsers(query);

  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.q === search ? q : { ...q, q: search })), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const failed = users.isError && !users.data;
  useEffect(() => {
    if (failed) toast.error(MSG.failedLoadUsers, { id: 'users-load' });
  }, [failed]);

  const pages = users.data?.pages ?? [];
  const list = pages.flatMap((p) => p.users);
  const first = pages[0];

  return (
    <div className="space-y-5">
      <UserStatCards />
      <UserFilters
        query={query}
        search={search}
        onSearch={setSearch}
        onChange={(next) => setQuery((q) => ({ ...q, ...next }))}
      />
      <p className="text-sm text-muted" aria-live="polite">
        {first
          ? `Showing ${first.matching.toLocaleString('en')} of ${first.total.toLocaleString('en')} users`
          : 'Loading...'}
      </p>
      {users.isPending ? (
        <Loading />
      ) : failed ? (
        <ListRetry message={MSG.failedLoadUsers} onRetry={() => users.refetch()} busy={users.isFetching} />
      ) : list.length === 0 ? (
        <ListEmpty>No members match this search.</ListEmpty>
      ) : (
        me && <UsersTable users={list} viewer={{ id: me.id, role: me.role }} badges={badges} />
      )}
      <LoadMore
        label="Load more"
        hasNextPage={users.hasNextPage}
        isFetchingNextPage={users.isFetchingNextPage}
        isError={users.isError && Boolean(users.data)}
        fetchNextPage={() => users.fetchNextPage()}
        retry={
          <ListRetry
            message={MSG.failedLoadUsers}
            onRetry={() => users.fetchNextPage()}
            busy={users.isFetchingNextPage}
          />
        }
      />
    </div>
  );
}
