import { PageHeading } from '../../components/ui/page-heading';
import { AskForm } from '../../features/ask/components/ask-form';
import { SimilarWhileAsking } from '../../features/similar/components/similar-while-asking';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AskRoute() {
  useDocumentTitle('Ask a Question');
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeading title="Ask a Question">
        Describe the part and add clear photos: the community will help you identify it and find a replacement.
      </PageHeading>
      {/* 'Has this been asked before?' as the title (then the description) is typed. */}
      <AskForm renderAfterTitle={(draft) => <SimilarWhileAsking draft={draft} />} />
    </section>
  );
}
