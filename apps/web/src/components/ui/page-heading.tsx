import type { ReactNode } from 'react';

/** The one h1 of a page, with an optional line under it. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      {children && <div className="mt-1 text-muted">{children}</div>}
    </div>
  );
}
