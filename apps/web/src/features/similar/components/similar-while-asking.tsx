import { MSG } from '@fenestra/shared';
import { useSimilarWhileAsking } from '../hooks/use-similar-while-asking';
import type { SimilarDraft } from '../api/get-similar';
import { SimilarQuestionList } from './similar-question-list';

/** On /ask, under the title: up to 5 public questions like the draft, solved first, each opening in a new tab. */
export function SimilarWhileAsking({ draft }: { draft: SimilarDraft }) {
  const questions = useSimilarWhileAsking(draft);
  return (
    <div aria-live="polite">
      {questions.length > 0 && (
        <section
          aria-labelledby="similar-while-asking"
          className="space-y-2 rounded-md border border-border bg-accent/40 p-3"
        >
          <h2 id="similar-while-asking" className="text-sm font-semibold text-fg">
            {MSG.similarWhileAsking}
          </h2>
          <SimilarQuestionList questions={questions} newTab />
        </section>
      )}
    </div>
  );
}
