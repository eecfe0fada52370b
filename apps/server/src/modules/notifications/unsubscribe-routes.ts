import type { FastifyInstance, FastifyReply } from 'fastify';
import { EMAIL_PREFERENCE_TOPICS, MSG } from '@fenestra/shared';
import type { Db } from '../../db/client.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';
import { turnPreferenceOff, unsubscribePath } from './email.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<meta name="robots" content="noindex"><title>${MSG.unsubscribeTitle} · Fenestra</title></head>`
    + `<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">`
    + `<main><h1>${MSG.unsubscribeTitle}</h1>${body}<p><a href="/settings">Email settings</a></p></main></body></html>`,
  );
}

type TokenQuery = { Querystring: { token?: string } };

// The link in every notification email (List-Unsubscribe). GET only shows a button, because mail
// scanners open links; POST is RFC 8058's one-click, sent by mail clients from no page of ours, so it is
// the one route exempt from the Origin check.
export async function unsubscribeRoutes(app: FastifyInstance, opts: { db: Db; secret: string }) {
  const { db, secret } = opts;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get<TokenQuery>(unsubscribePath, async (request, reply) => {
    const target = readUnsubscribeToken(secret, request.query.token);
    if (!target) return page(reply, 400, `<p>${MSG.unsubscribeInvalid}</p>`);
    const action = `${unsubscribePath}?token=${encodeURIComponent(request.query.token!)}`;
    return page(reply, 200, `<p>${escapeHtml(MSG.unsubscribeConfirm(EMAIL_PREFERENCE_TOPICS[target.key]))}</p>`
      + `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">`
      + `<button type="submit">${MSG.unsubscribeButton}</button></form>`);
  });

  app.post<TokenQuery>(unsubscribePath, { config: { sameOriginExempt: true } }, async (request, reply) => {
    const target = readUnsubscribeToken(secret, request.query.token);
    if (!target || !(await turnPreferenceOff(db, target.userId, target.key))) return page(reply, 400, `<p>${MSG.unsubscribeInvalid}</p>`);
    return page(reply, 200, `<p>${escapeHtml(MSG.unsubscribed(EMAIL_PREFERENCE_TOPICS[target.key]))}</p>`);
  });
}
