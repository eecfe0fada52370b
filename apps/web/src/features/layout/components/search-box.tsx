import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

/** The header search: goes to /search?q=TEXT; a blank query does nothing. */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    void navigate(paths.search(query));
  }

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor="header-search" className="sr-only">
        Search
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted"
        aria-hidden
      />
      <input
        id="header-search"
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search questions..."
        autoComplete="off"
        className={cn(
          'h-9 w-full rounded-md border border-border-strong bg-surface-muted pr-3 pl-8 text-sm text-fg placeholder:text-muted',
          'focus-visible:border-ring focus-visible:bg-surface focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        )}
      />
    </form>
  );
}
