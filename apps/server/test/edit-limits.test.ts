import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { MSG } from '@fenestra/shared';
import { createTestApp, insertMember, ORIGIN, type TestApp } from './helpers.js';
import { insertPost, makeStaff, sqlQuery } from './post-fixtures.js';

// A new member's limits (issue 26: 2 links, 2 mentions, 1 photo a reply) hold for an edit of their reply as for the
// reply itself (issue 23): a short reply cannot be edited into what the reply form refused.

describe('reply edits keep the writer level limits', () => {
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof insertMember>>;
  let newcomer: Member;
  let member: Member;
  let moderator: Member;
  let postId: string;

  beforeAll(async () => {
    t = await createTestApp();
    newcomer = await insertMember(t, { username: 'limits-new', trustLevel: 0 });
    member = await insertMember(t, { username: 'limits-member', trustLevel: 1 });
    moderator = await insertMember(t, { username: 'limits-mod', trustLevel: 0 });
    await makeStaff(t, moderator.me.id);
    postId = await insertPost(t, { status: 'open' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const replyBy = async (userId: string) => {
    const { rows } = await sqlQuery<{ id: string }>(
      t,
      "INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, 'A short first reply') RETURNING id",
      [postId, userId],
    );
    return rows[0]!.id;
  };
  const edit = (id: string, cookie: string, content: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/replies/${id}`,
      headers: { origin: ORIGIN, cookie },
      payload: { content, version: 1 },
    });
  const links = 'See https://a.example/1 and https://b.example/2 and https://c.example/3 for the parts.';
  const mentions = 'Ask @limits-member, @limits-mod and @limits-new about it.';

  it("refuses a new member's edit past their level's links and mentions, in the reply form's words", async () => {
    const id = await replyBy(newcomer.me.id);
    const tooManyLinks = await edit(id, newcomer.cookie, links);
    expect(tooManyLinks.statusCode).toBe(400);
    expect(tooManyLinks.json()).toMatchObject({ message: MSG.newMemberLinks, field: 'content' });
    const tooManyMentions = await edit(id, newcomer.cookie, mentions);
    expect(tooManyMentions.statusCode).toBe(400);
    expect(tooManyMentions.json()).toMatchObject({ message: MSG.newMemberMentions, field: 'content' });
    expect((await edit(id, newcomer.cookie, 'A short first reply, with one fix.')).statusCode).toBe(200);
  });

  it('lets a member past level 0, and staff tidying a reply, write what their level allows', async () => {
    expect((await edit(await replyBy(member.me.id), member.cookie, links)).statusCode).toBe(200);
    expect((await edit(await replyBy(newcomer.me.id), moderator.cookie, links)).statusCode).toBe(200);
  });
});
