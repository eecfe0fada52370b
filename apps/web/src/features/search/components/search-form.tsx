import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { SEARCH_LIMITS } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';

/** The search page's own box; a blank query does nothing. */
export function SearchForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (query) void navigate(paths.search(query));
  }

  return (
    <form onSubmit={submit} className="flex gap-2" aria-label="Search posts">
      <label htmlFor="search-page-query" className="sr-only">
        Search posts
      </label>
      <Input
        id="search-page-query"
        type="search"
        maxLength={SEARCH_LIMITS.maxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Hinge, operator, sash lock..."
      />
      <Button type="submit">
        <Search className="size-4" aria-hidden />
        Search
      </Button>
    </form>
  );
}
