import { MSG } from '@fenestra/shared';
import { usePostSimilar } from '../api/get-post-similar';
import { SimilarQuestionList } from './similar-question-list';

/** 'Similar questions' under a post: up to 5; nothing at all when there are none (or it cannot load). */
export function PostSimilarQuestions({ postId }: { postId: string }) {
  const { data } = usePostSimilar(postId);
  if (!data || data.questions.length === 0) return null;
  return (
    <section
      aria-labelledby="similar-questions"
      className="mt-6 space-y-3 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <h2 id="similar-questions" className="text-lg font-semibold text-fg">
        {MSG.similarQuestions}
      </h2>
      <SimilarQuestionList questions={data.questions} />
    </section>
  );
}
