import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** A short nudge towards the guide: good photos are what get hardware identified. */
export function PhotoTips() {
  return (
    <p className="flex gap-2 rounded-md bg-accent px-3 py-2.5 text-sm text-accent-fg">
      <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        Show the whole part, a close-up of any stamped numbers, and something for scale.{' '}
        <Link to={paths.bestPractices} className="font-medium underline underline-offset-2">
          How to photograph hardware
        </Link>
      </span>
    </p>
  );
}
