import { PageHeading } from '../../../components/ui/page-heading';

/** A page whose feature comes in a later issue: its heading and a short line. */
export function ComingSoon({ title, line }: { title: string; line: string }) {
  return (
    <section>
      <PageHeading title={title} />
      <p className="rounded-lg border border-dashed border-border-strong bg-surface p-6 text-muted">{line}</p>
    </section>
  );
}
