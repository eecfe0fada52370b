import { CircleCheck } from 'lucide-react';
import { MSG } from '@fenestra/shared';

/** In place of the reply form once a question is solved. */
export function SolvedCard() {
  return (
    <section
      aria-label={MSG.solvedCard}
      className="flex gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
    >
      <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{MSG.solvedCard}</p>
        <p className="mt-1 text-sm">{MSG.repliesDisabled}</p>
      </div>
    </section>
  );
}
