import { useId } from 'react';
import {
  SORTS,
  SORT_LABELS,
  STATUS_FILTERS,
  STATUS_FILTER_LABELS,
  TOPICS,
  TOPIC_LABELS,
  type Sort,
  type StatusFilter,
  type Topic,
} from '@fenestra/shared';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../../lib/cn';

export interface ListSelection {
  topic: Topic | null;
  filter: StatusFilter;
  sort: Sort;
}

interface ListFiltersProps extends ListSelection {
  onChange: (next: ListSelection) => void;
}

/** Topic, Status and Sort by: three labelled native selects (keyboard and phone friendly). */
export function ListFilters({ topic, filter, sort, onChange }: ListFiltersProps) {
  const current = { topic, filter, sort };
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <FilterSelect
        label="Topic"
        value={topic ?? ''}
        options={[{ value: '', label: 'All Topics' }, ...TOPICS.map((t) => ({ value: t, label: TOPIC_LABELS[t] }))]}
        onChange={(value) => onChange({ ...current, topic: (value || null) as Topic | null })}
      />
      <FilterSelect
        label="Status"
        value={filter}
        options={STATUS_FILTERS.map((f) => ({ value: f, label: STATUS_FILTER_LABELS[f] }))}
        onChange={(value) => onChange({ ...current, filter: value as StatusFilter })}
      />
      <FilterSelect
        label="Sort by"
        className="col-span-2 sm:col-span-1"
        value={sort}
        options={SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        onChange={(value) => onChange({ ...current, sort: value as Sort })}
      />
    </div>
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  className?: string;
}

function FilterSelect({ label, value, options, onChange, className }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-full cursor-pointer appearance-none rounded-md border border-border-strong bg-surface pr-9 pl-3 text-sm text-fg shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
      </div>
    </div>
  );
}
