import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { paths } from '../../config/paths';

/** A post's tags, read the same on a card and on the post page: '#tag' chips, each a link to its questions. */
export function TagList({ tags, size = 'sm', className }: { tags: string[]; size?: 'sm' | 'md'; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        // Above a card's whole-card link, so the tag itself is what a click on it follows.
        <li key={tag} className="relative z-10">
          <Link
            to={paths.tag(tag)}
            className={cn(
              'inline-block rounded-full border border-border bg-surface-muted px-2.5 py-0.5 text-muted hover:border-primary hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              size === 'sm' ? 'text-xs' : 'text-sm',
            )}
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
