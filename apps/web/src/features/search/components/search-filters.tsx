import { useId } from 'react';
import {
  ALL_TOPICS_LABEL,
  SEARCH_STATUS_LABELS,
  TOPICS,
  TOPIC_LABELS,
  type SearchStatus,
  type Topic,
} from '@fenestra/shared';
import { NativeSelect } from '../../../components/ui/native-select';

export interface SearchSelection {
  topic: Topic | null;
  status: SearchStatus;
}

interface SearchFiltersProps extends SearchSelection {
  /** Statuses this viewer may pick: staff also get pending and denied. */
  statuses: readonly SearchStatus[];
  onChange: (next: SearchSelection) => void;
}

/** Topic and Status, with the discussion list's labels. */
export function SearchFilters({ topic, status, statuses, onChange }: SearchFiltersProps) {
  const topicId = useId();
  const statusId = useId();
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-md">
      <div className="space-y-1.5">
        <label htmlFor={topicId} className="text-sm font-medium text-fg">
          Topic
        </label>
        <NativeSelect
          id={topicId}
          value={topic ?? ''}
          onChange={(event) => onChange({ status, topic: (event.target.value || null) as Topic | null })}
        >
          <option value="">{ALL_TOPICS_LABEL}</option>
          {TOPICS.map((t) => (
            <option key={t} value={t}>
              {TOPIC_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={statusId} className="text-sm font-medium text-fg">
          Status
        </label>
        <NativeSelect
          id={statusId}
          value={status}
          onChange={(event) => onChange({ topic, status: event.target.value as SearchStatus })}
        >
          {statuses.map((s) => (
            <option key={s} value={s}>
              {SEARCH_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
