import { cn } from '../../lib/cn';

/** A post's tags, read the same on a card and on the post page: '#tag' chips. */
export function TagList({ tags, size = 'sm', className }: { tags: string[]; size?: 'sm' | 'md'; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li
          key={tag}
          className={cn('rounded-full border border-border bg-surface-muted px-2.5 py-0.5 text-muted', size === 'sm' ? 'text-xs' : 'text-sm')}
        >
          #{tag}
        </li>
      ))}
    </ul>
  );
}
