import { Link } from 'react-router';
import { partNumberQuery } from '@fenestra/shared';
import { paths } from '../../../config/paths';
import { usePartMatches } from '../api/part';

/** Above search results: the page of the part number searched for, when it has one. */
export function PartMatches({ q }: { q: string }) {
  const asked = partNumberQuery(q) !== null;
  const { data } = usePartMatches(asked ? q : '');
  if (!asked || !data || data.parts.length === 0) return null;
  return (
    <section aria-label="Part pages" className="mb-6">
      <ul className="space-y-2">
        {data.parts.map((part) => (
          <li key={part.key}>
            <Link
              to={paths.part(part.key)}
              className="block rounded-lg border border-primary bg-surface p-4 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="text-sm text-muted">Part page</span>
              <span className="block text-lg font-semibold text-fg">
                <span className="font-mono">{part.number}</span>
                {part.name && ` ${part.name}`}
              </span>
              <span className="text-sm text-muted">
                {part.questions === 1 ? '1 question' : `${part.questions} questions`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
