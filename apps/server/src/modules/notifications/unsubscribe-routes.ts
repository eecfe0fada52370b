import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DIGEST_TOPIC, EMAIL_PREFERENCE_TOPICS, MSG } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { readUnsubscribeToken, type UnsubscribeKey } from './unsubscribe-token.js';

const topicOf = (key: UnsubscribeKey) => (key === 'digest' ? DIGEST_TOPIC : EMAIL_PREFERENCE_TOPICS[key]);
import { turnPreferenceOff, unsubscribePath } from './email.js';
import { answers, queryText, textAnswer } from '../../lib/route-contract.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(reply: FastifyReply, site: string, status: number, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${MSG.unsubscribeTitle} · ${escapeHtml(site)}</title></head>` +
        `<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">` +
        `<main><h1>${MSG.unsubscribeTitle}</h1>${body}<p><a href="/settings">Email settings</a></p></main></body></html>`,
    );
}

const unsubscribeSchema = (summary: string) => ({
  summary,
  querystring: z.object({ token: queryText }),
  response: answers({
    200: textAnswer('text/html', 'The page saying what the link does, or did'),
    400: textAnswer('text/html', 'The page saying the link is not valid'),
  }),
});

// The link in every notification email (List-Unsubscribe). GET only shows a button, because mail
// scanners open links; POST is RFC 8058's one-click, sent by mail clients from no page of ours, so it is
// the one route exempt from the Origin check.
export async function unsubscribeRoutes(
  plainApp: FastifyInstance,
  opts: { db: Db; secret: string; siteName: () => Promise<string> },
) {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { db, secret, siteName } = opts;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(unsubscribePath, { schema: unsubscribeSchema('Ask whether to stop an email') }, async (request, reply) => {
    const target = readUnsubscribeToken(secret, request.query.token);
    if (!target) return page(reply, await siteName(), 400, `<p>${MSG.unsubscribeInvalid}</p>`);
    const action = `${unsubscribePath}?token=${encodeURIComponent(request.query.token!)}`;
    return page(
      reply,
      await siteName(),
      200,
      `<p>${escapeHtml(MSG.unsubscribeConfirm(topicOf(target.key)))}</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${MSG.unsubscribeButton}</button></form>`,
    );
  });

  app.post(
    unsubscribePath,
    {
      config: { sameOriginExempt: true },
      schema: { ...unsubscribeSchema('Stop an email (RFC 8058 one-click; the form body is not read)') },
    },
    async (request, reply) => {
      const target = readUnsubscribeToken(secret, request.query.token);
      if (!target || !(await turnPreferenceOff(db, target.userId, target.key)))
        return page(reply, await siteName(), 400, `<p>${MSG.unsubscribeInvalid}</p>`);
      return page(reply, await siteName(), 200, `<p>${escapeHtml(MSG.unsubscribed(topicOf(target.key)))}</p>`);
    },
  );
}
