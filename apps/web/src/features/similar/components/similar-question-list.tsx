import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import type { SimilarQuestion } from '@fenestra/shared';
import { paths } from '../../../config/paths';

/** Links to similar questions, each marked when solved; `newTab` for the ask page, so the draft stays. */
export function SimilarQuestionList({ questions, newTab = false }: { questions: SimilarQuestion[]; newTab?: boolean }) {
  return (
    <ul className="space-y-1.5">
      {questions.map((question) => (
        <li key={question.id} className="flex items-start gap-2 text-sm">
          <Link
            to={paths.post(question.id)}
            {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="min-w-0 break-words text-link underline-offset-2 hover:underline"
          >
            {question.title}
            {newTab && <span className="sr-only"> (opens in a new tab)</span>}
          </Link>
          {question.status === 'solved' && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-300">
              <CheckCircle2 className="size-3" aria-hidden />
              Solved
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
