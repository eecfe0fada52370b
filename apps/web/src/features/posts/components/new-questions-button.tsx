import { useQueryClient } from '@tanstack/react-query';
import { ArrowUp } from 'lucide-react';
import { NEW_MARKERS_TEXT } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The new-questions bar's button: a click inserts the questions (the list is read again) and takes the reader to the
 * first of them.
 */
export function NewQuestionsButton({
  count,
  listLabel,
  onInsert,
}: {
  count: number;
  /** The accessible name of the list it inserts into (its first card takes the focus). */
  listLabel: string;
  /** The bar counts from none again. */
  onInsert: () => void;
}) {
  const client = useQueryClient();
  const insert = async () => {
    onInsert();
    await client.refetchQueries({ queryKey: queryKeys.posts.all, type: 'active' });
    const first = document.querySelector<HTMLElement>(`ul[aria-label="${CSS.escape(listLabel)}"] h2 a`);
    first?.focus();
    first?.scrollIntoView({ block: 'nearest' });
  };
  return (
    <Button variant="primary" size="sm" className="rounded-full shadow-md" onClick={() => void insert()}>
      <ArrowUp className="size-4" aria-hidden />
      {NEW_MARKERS_TEXT.newQuestions(count)}
    </Button>
  );
}
