import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** /auth?reset=true without a token: nothing to reset with. */
export function InvalidResetLink() {
  return (
    <div role="alert" className="space-y-4">
      <p className="text-fg">
        This password reset link is invalid or has expired. Request a new link from the sign-in form.
      </p>
      <Button asChild variant="secondary" className="w-full">
        <Link to={paths.auth}>Back to Sign In</Link>
      </Button>
    </div>
  );
}
