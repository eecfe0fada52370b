import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import sharp from 'sharp';
import { MSG } from '@fenestra/shared';
import { createTestApp, multipart, signUpMember, ORIGIN, type TestApp } from './helpers.js';
import { ask, askBody, get, makeStaff, post, sqlQuery } from './post-fixtures.js';

type Member = Awaited<ReturnType<typeof signUpMember>>;
const NUL = '\u0000';

// PostgreSQL refuses NUL in text: every field a client can send answers 400 with one message, never 500.
describe('a NUL character in anything a client sends', () => {
  let t: TestApp;
  let member: Member;
  let moderator: Member;
  beforeAll(async () => {
    t = await createTestApp();
    [member, moderator] = [await signUpMember(t.app), await signUpMember(t.app)];
    await makeStaff(t, moderator.me.id, 'moderator');
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.nulCharacter });
  };
  const send = (method: 'POST' | 'PATCH', url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  it('is refused in a title, a description and a tag', async () => {
    refused(await ask(t, member.cookie, askBody({ title: `Broken sash ${NUL} balance spring` })));
    refused(
      await ask(t, member.cookie, askBody({ description: `${'The sash will not stay up at all, '.repeat(3)}${NUL}` })),
    );
    refused(await ask(t, member.cookie, askBody({ tags: [`ro${NUL}ller`] })));
    expect((await sqlQuery(t, 'SELECT count(*)::int AS n FROM posts')).rows[0]!.n).toBe(0);
  });

  it('is refused in a bio and a username', async () => {
    refused(await send('PATCH', '/api/settings/profile', { bio: `Fixes windows${NUL}` }, member.cookie));
    refused(await send('PATCH', '/api/settings/profile', { username: `name${NUL}x` }, member.cookie));
  });

  it('is refused in the deny reason', async () => {
    const id = (await ask(t, member.cookie, askBody())).json().id as string;
    refused(await post(t, `/api/admin/posts/${id}/deny`, moderator.cookie, { reason: `Not hardware${NUL}` }));
    expect((await sqlQuery(t, 'SELECT status FROM posts WHERE id = $1', [id])).rows[0]!.status).toBe('pending');
  });

  it('is refused in the sign-up, sign-in and reset fields a visitor can send', async () => {
    refused(await send('POST', '/api/account/sign-up', { email: `a${NUL}@example.com`, password: 'Correct-Horse9' }));
    refused(
      await send('POST', '/api/account/sign-up', {
        email: 'nul-user@example.com',
        password: 'Correct-Horse9',
        username: `nul${NUL}`,
      }),
    );
    refused(await send('POST', '/api/account/sign-in', { email: member.email, password: `Correct${NUL}` }));
    refused(await send('POST', '/api/account/forgot-password', { email: `${member.email}${NUL}` }));
    refused(await send('POST', '/api/account/reset-password', { token: `abc${NUL}def`, password: 'Correct-Horse9' }));
  });

  it('is refused in query strings and paths that no schema reads', async () => {
    refused(await get(t, `/api/posts?q=${encodeURIComponent(`sash${NUL}`)}`));
    refused(await get(t, `/api/posts?cursor=${encodeURIComponent(NUL)}`));
    refused(await get(t, `/api/users/${encodeURIComponent(`someone${NUL}`)}`));
  });

  it('is taken out of file names before they are stored or repeated', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer();
    const upload = async (data: Buffer, filename: string) => {
      const form = await multipart([['files', data, filename]]);
      return t.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        payload: form.payload,
        headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': form.contentType },
      });
    };
    const stored = await upload(png, `crank${NUL}\u0007handle.png`);
    expect(stored.statusCode).toBe(200);
    const { rows } = await sqlQuery<{ original_name: string }>(t, 'SELECT original_name FROM uploads WHERE id = $1', [
      stored.json().files[0].id,
    ]);
    expect(rows[0]!.original_name).toBe('crankhandle.png');

    const wrong = await upload(Buffer.from('not a picture at all, just words'), `ev${NUL}il\u0001.gif`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.invalidImageType('evil.gif'));
  });
});
