import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { memberProfileSchema, MSG } from '@fenestra/shared';
import { apiContract, DOCS_PATH, OPENAPI_PATH } from '../src/plugins/api-contract.js';
import { answerJson, contractJson } from '../src/lib/contract-json.js';
import { answers } from '../src/lib/route-contract.js';
import { createTestApp, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { makeStaff } from './post-fixtures.js';

// Mutations that take nothing but their path (or a multipart form, or a mail client's form post, read by the route).
const TAKES_NO_BODY = new Set([
  'POST /api/account/sign-out',
  'POST /api/posts/:id/like',
  'POST /api/posts/:id/bookmark',
  'POST /api/admin/posts/:id/approve',
  'POST /api/admin/posts/:id/solve',
  'POST /api/admin/posts/:id/reopen',
  'POST /api/admin/posts/:id/unapprove',
  'DELETE /api/admin/posts/:id',
  'POST /api/admin/replies/:id/pin',
  'POST /api/admin/replies/:id/unpin',
  'DELETE /api/admin/replies/:id',
  'POST /api/admin/users/:id/unban',
  'POST /api/admin/images/:id/retry-detection',
  'POST /api/notifications/:id/read',
  'POST /api/notifications/read-all',
  'DELETE /api/settings/avatar',
  'DELETE /api/uploads/:id',
  'POST /api/uploads/images',
  'POST /api/uploads/video',
  'POST /api/email/unsubscribe',
  'POST /api/posts/:id/accept',
  'DELETE /api/posts/:id/accept',
  'POST /api/replies/:id/helpful',
  'POST /api/revisions/:id/restore',
  'DELETE /api/drafts/question',
  'DELETE /api/drafts/replies/:id',
  'DELETE /api/drafts/question-edits/:id',
  'DELETE /api/drafts/reply-edits/:id',
  'POST /api/account/verify-email/resend',
  'POST /api/admin/replies/:id/approve',
  'DELETE /api/settings/push/devices/:id',
]);

describe('route contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development' });
  });
  afterAll(async () => t?.close());

  it('every API route declares its answers, and its path parameters and body where it takes them', () => {
    const api = t.app.routeContracts.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const { method, url, schema } of api) {
      const name = `${method} ${url}`;
      const response = (schema?.response ?? {}) as Record<string, unknown>;
      if (!Object.keys(response).some((status) => /^[23]/.test(status))) missing.push(`${name}: response`);
      if (url.includes(':') && !schema?.params) missing.push(`${name}: params`);
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !schema?.body && !TAKES_NO_BODY.has(name))
        missing.push(`${name}: body`);
    }
    expect(missing).toEqual([]);
  });

  it('serves the OpenAPI document, valid OpenAPI 3.1, with every API route in it', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/posts', '/api/posts/{id}', '/api/search', '/api/users/{username}']),
    );
    // The ask form's body and its answer come from the shared contracts.
    const ask = document.paths['/api/posts'].post;
    expect(ask.requestBody.content['application/json'].schema.properties.title).toMatchObject({
      type: 'string',
      minLength: 10,
      maxLength: 150,
    });
    expect(Object.keys(document.paths['/api/posts/{id}'].get.responses)).toEqual(
      expect.arrayContaining(['200', '4XX', '5XX']),
    );
  });

  it('draws a readable page of the API with no script, under the forum’s CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('<code>/api/posts/{id}</code>');
    expect(res.body).toContain('title: string;');
  });

  it('gives a bad body the product’s message and field, as before contracts', async () => {
    const member = await insertMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { origin: ORIGIN, cookie: member.cookie },
      payload: { topic: 'windows', title: 'short', description: 'x'.repeat(40) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'BAD_REQUEST',
      message: MSG.titleMin,
      statusCode: 400,
      requestId: res.headers['x-request-id'],
      field: 'title',
    });
    // Who may call comes first: a visitor sending the same body is told to sign in.
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { origin: ORIGIN },
      payload: { title: 'short' },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('public answers carry no email, nor any field their contract does not name', async () => {
    const member = await insertMember(t);
    const profile = await t.app.inject({ method: 'GET', url: `/api/users/${member.me.username}` });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain(member.email);
    expect(Object.keys(profile.json()).sort()).toEqual(
      Object.keys(memberProfileSchema.shape)
        .filter((key) => key !== 'avatarCopies')
        .sort(),
    );
  });
});

describe('the docs in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  it('are for staff only: visitors and members are told there is nothing there', async () => {
    const member = await insertMember(t);
    for (const url of [DOCS_PATH, OPENAPI_PATH]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } })).statusCode).toBe(404);
    }
    const staff = await insertMember(t);
    await makeStaff(t, staff.me.id);
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH, headers: { cookie: staff.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<code>/api/admin/users</code>');
    const document = await t.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: { cookie: staff.cookie } });
    expect(document.statusCode).toBe(200);
  });
});

describe('the output whitelist', () => {
  const profile = {
    id: '7b0c6a52-1d9e-4a43-8f0e-3a8c1f1f2b11',
    username: 'sash-fixer',
    bio: '',
    avatarUrl: null,
    role: 'user' as const,
    status: null,
    banReason: null,
    joinedAt: '2026-11-27T06:00:00.000Z',
    postCount: 3,
    replyCount: 4,
    helpfulCount: 1,
    solutionCount: 0,
    isSelf: false,
  };
  const leaky = { ...profile, email: 'sash@example.com', passwordHash: 'scrypt$...', role: 'user' as const };

  it('a route’s answer loses every field its contract does not name', async () => {
    const app = Fastify();
    await app.register(apiContract, { production: false });
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/api/profile', { schema: { response: answers({ 200: memberProfileSchema }) } }, async () => leaky);
    const res = await app.inject({ method: 'GET', url: '/api/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(profile);
    expect(res.body).not.toContain('sash@example.com');
    await app.close();
  });

  it('so do the bytes the public-read cache keeps', () => {
    expect(JSON.parse(answerJson.memberProfile(leaky))).toEqual(profile);
    const nested = contractJson(memberProfileSchema)({
      ...leaky,
      avatarCopies: { width: 1, height: 1, variantWidths: [], extra: 1 },
    } as never);
    expect(JSON.parse(nested).avatarCopies).toEqual({ width: 1, height: 1, variantWidths: [] });
  });
});
