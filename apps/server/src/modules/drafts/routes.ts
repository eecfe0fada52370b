import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  noBodySchema,
  questionDraftSchema,
  questionEditDraftSchema,
  replyDraftSchema,
  replyEditDraftSchema,
  saveQuestionDraftSchema,
  saveQuestionEditDraftSchema,
  saveReplyDraftSchema,
  saveReplyEditDraftSchema,
  type Draft,
  type DraftFields,
} from '@fenestra/shared';
import type { MemberRow } from '../../lib/member.js';
import { answers, idParams, noContent, signedIn, verified } from '../../lib/route-contract.js';
import type { DraftsService } from './service.js';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** One kind of draft as the service keeps it; `id` is the path's `:id` ('' for the question draft, which has none). */
interface DraftStore<F extends DraftFields> {
  get(member: MemberRow, id: string): Promise<{ draft: Draft<F> | null }>;
  save(member: MemberRow, id: string, fields: F): Promise<{ draft: Draft<F> | null }>;
  discard(member: MemberRow, id: string): Promise<void>;
}

/** GET (null when none), PUT (the form as typed) and DELETE (Discard) of one kind of draft at `path`. */
function draftRoutesAt<F extends DraftFields>(
  app: ZodApp,
  at: {
    path: string;
    what: string;
    body: z.ZodType<{ fields: F }>;
    answer: z.ZodType<{ draft: Draft<F> | null }>;
    store: DraftStore<F>;
  },
) {
  const params = at.path.includes(':id') ? { params: idParams } : {};
  const idOf = (request: { params: unknown }) => (request.params as { id?: string }).id ?? '';
  app.get(
    at.path,
    {
      preValidation: signedIn,
      schema: { summary: `Your ${at.what} (null when none)`, ...params, response: answers({ 200: at.answer }) },
    },
    async (request) => at.store.get(verified(request), idOf(request)),
  );
  app.put(
    at.path,
    {
      preValidation: signedIn,
      schema: {
        summary: `Keep your ${at.what} (the form as typed; not its files)`,
        ...params,
        body: at.body,
        response: answers({ 200: at.answer }),
      },
    },
    async (request) => at.store.save(verified(request), idOf(request), request.body.fields),
  );
  app.delete(
    at.path,
    {
      preValidation: signedIn,
      schema: { summary: `Discard your ${at.what}`, ...params, response: answers({ 204: noBodySchema }) },
    },
    async (request, reply) => {
      await at.store.discard(verified(request), idOf(request));
      return noContent(reply);
    },
  );
}

// A member's drafts (issue 25 'Composing'): only ever their own, so no route takes a member's id.
export async function draftRoutes(plainApp: FastifyInstance, opts: { drafts: DraftsService }) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { drafts } = opts;
  draftRoutesAt(app, {
    path: '/api/drafts/question',
    what: 'question draft',
    body: saveQuestionDraftSchema,
    answer: questionDraftSchema,
    store: drafts.question,
  });
  draftRoutesAt(app, {
    path: '/api/drafts/replies/:id',
    what: 'reply draft for a post',
    body: saveReplyDraftSchema,
    answer: replyDraftSchema,
    store: drafts.reply,
  });
  // Edits (of a question: its post's id; of a reply: the reply's id), for their author and staff as the edit is.
  draftRoutesAt(app, {
    path: '/api/drafts/question-edits/:id',
    what: 'draft of an edit of this question',
    body: saveQuestionEditDraftSchema,
    answer: questionEditDraftSchema,
    store: drafts.questionEdit,
  });
  draftRoutesAt(app, {
    path: '/api/drafts/reply-edits/:id',
    what: 'draft of an edit of this reply',
    body: saveReplyEditDraftSchema,
    answer: replyEditDraftSchema,
    store: drafts.replyEdit,
  });
}
