import { useId } from 'react';
import { Search } from 'lucide-react';
import {
  ROLE_LABELS,
  USER_ROLE_FILTERS,
  USER_SORTS,
  USER_SORT_LABELS,
  USER_STATUS_FILTERS,
  type UserRoleFilter,
  type UserSort,
  type UserStatusFilter,
} from '@fenestra/shared';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import type { UserQuery } from '../api/get-users';

const STATUS_LABELS: Record<UserStatusFilter, string> = { all: 'All statuses', active: 'Active', banned: 'Banned' };

/** Search by username or email; role, status and sort. */
export function UserFilters({
  query,
  search,
  onSearch,
  onChange,
}: {
  query: UserQuery;
  /** The text as typed (the query follows it after a pause). */
  search: string;
  onSearch(text: string): void;
  onChange(next: Partial<UserQuery>): void;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      <div className="space-y-1">
        <Label htmlFor={`${id}-q`}>Search members</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <Input
            id={`${id}-q`}
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder="Username or email"
            className="pl-9"
            autoComplete="off"
          />
        </div>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <NativeSelect
          id={`${id}-role`}
          value={query.role}
          onChange={(e) => onChange({ role: e.target.value as UserRoleFilter })}
        >
          {USER_ROLE_FILTERS.map((r) => (
            <option key={r} value={r}>
              {r === 'all' ? 'All roles' : ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <NativeSelect
          id={`${id}-status`}
          value={query.status}
          onChange={(e) => onChange({ status: e.target.value as UserStatusFilter })}
        >
          {USER_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <NativeSelect
          id={`${id}-sort`}
          value={query.sort}
          onChange={(e) => onChange({ sort: e.target.value as UserSort })}
        >
          {USER_SORTS.map((s) => (
            <option key={s} value={s}>
              {USER_SORT_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
