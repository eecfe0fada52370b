import { FIRST_ADMIN_COMMAND } from '@fenestra/shared';

/**
 * On a forum with no admin yet (SEED=none), /auth says how the operator makes the first one, so nobody signs up
 * believing they become its admin: accounts made here are ordinary members.
 */
export function FirstAdminNotice() {
  return (
    <div role="note" className="mb-5 rounded-md border border-border-strong bg-surface-muted p-3 text-sm text-fg">
      <p className="font-semibold">This forum has no admin yet.</p>
      <p className="mt-1 text-muted">
        Accounts made here are ordinary members. The operator makes the first admin on the server with:
      </p>
      <code className="mt-2 block overflow-x-auto rounded bg-surface px-2 py-1 font-mono text-xs text-fg">
        {FIRST_ADMIN_COMMAND}
      </code>
    </div>
  );
}
