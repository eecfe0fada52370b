import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  notificationEmailSubject,
  WHAT_IS_NEW,
  WHAT_IS_NEW_TEXT,
  type NewReplyCounts,
  type NotificationPage,
  type NotificationType,
  type ReadMark,
} from '@fenestra/shared';
import { insertMember, createTestApp, freePort, ORIGIN, type TestApp } from './helpers.js';
import { get, insertPost, post, sqlQuery } from './post-fixtures.js';
import { MailCatcher, type ReceivedMail } from './mail-catcher.js';
import { digestPeriod, sendDigests } from '../src/modules/notifications/digest.js';
import type { Mailer } from '../src/adapters/mail/mailer.js';

/** The digest queues its emails ('send-email'): an instance run directly needs no mailer of its own. */
const NO_MAILER: Mailer = {
  kind: 'outbox',
  send: () => Promise.reject(new Error('the digest queues its emails')),
};

// Issue 25 'What is new': reading marks and 'N new', the notifications page, the emails (both parts, the quote,
// the 15-minute gathering) and the digest with its once-a-period rule. Time is the app's injected clock.

type Member = Awaited<ReturnType<typeof insertMember>>;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('what is new', () => {
  const catcher = new MailCatcher();
  let t: TestApp;
  let clock = new Date();

  beforeAll(async () => {
    const smtpPort = await freePort();
    await catcher.start(smtpPort);
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }, { now: () => clock });
  });
  afterAll(async () => {
    await t?.close();
    await catcher.stop();
  });

  /** A member past level 0 (DESIGN.md 'Trust'): their replies are published at once, with SPEC's limits. */
  const member = async (over: { username?: string } = {}) => {
    const m = await insertMember(t, over);
    await sqlQuery(t, 'UPDATE profiles SET trust_level = 1 WHERE id = $1', [m.me.id]);
    return m;
  };
  const put = (url: string, cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
  const reply = async (postId: string, writer: Member, content: string) => {
    const res = await post(t, `/api/posts/${postId}/replies`, writer.cookie, { content });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const mailTo = (m: Member) => catcher.received.filter((r) => r.envelopeTo.includes(m.email));
  const runEmails = async () => {
    await t.app.services.jobs.runDue('notification-email');
    await t.app.services.jobs.runDue('reply-emails-gathered');
    await t.app.services.jobs.runDue('send-email');
  };
  /** The gathered email's job is due when the window closes: made due now instead of waiting 15 minutes. */
  const closeWindows = () =>
    sqlQuery(t, "UPDATE pgboss.job SET start_after = now() WHERE name = 'reply-emails-gathered' AND state = 'created'");

  describe('reading marks and N new', () => {
    let reader: Member;
    let writer: Member;
    let postId: string;
    beforeAll(async () => {
      [reader, writer] = await Promise.all([member(), member()]);
      postId = await insertPost(t, { userId: writer.me.id, title: 'Sliding door rollers grind' });
    });
    const counts = async (ids: string[], who = reader) => {
      const res = await get(t, `/api/posts/new-replies?ids=${ids.join(',')}`, who.cookie);
      expect(res.statusCode).toBe(200);
      return (res.json() as NewReplyCounts).counts;
    };

    it('a post never opened has no mark and no count; opening it marks it read up to its last reply', async () => {
      const first = await reply(postId, writer, 'Check the roller height screws on the bottom rail first.');
      expect((await get(t, `/api/posts/${postId}/read`, reader.cookie)).json()).toEqual({ readUntil: null });
      expect(await counts([postId])).toEqual({});

      const res = await put(`/api/posts/${postId}/read`, reader.cookie, { replyId: first });
      expect(res.statusCode).toBe(200);
      const mark = res.json() as ReadMark;
      expect(mark.readUntil).not.toBeNull();
      expect((await get(t, `/api/posts/${postId}/read`, reader.cookie)).json()).toEqual(mark);
      expect(await counts([postId])).toEqual({});
    });

    it("counts replies by others since the mark, never the reader's own; the mark never moves back", async () => {
      const second = await reply(postId, writer, 'Or the track is bent: run a magnet along it to find burrs.');
      await reply(postId, reader, 'Thanks, the screws were at the lowest setting, trying that now.');
      const third = await reply(postId, writer, 'Good. Half a turn on each side usually does it.');
      expect(await counts([postId])).toEqual({ [postId]: 2 });

      await put(`/api/posts/${postId}/read`, reader.cookie, { replyId: third });
      expect(await counts([postId])).toEqual({});
      // An older tab reporting late does not bring the old replies back.
      await put(`/api/posts/${postId}/read`, reader.cookie, { replyId: second });
      expect(await counts([postId])).toEqual({});
      // The writer never opened it: no count for them.
      expect(await counts([postId], writer)).toEqual({});
    });

    it('a post opened with no replies counts every reply after it; marks are per member and per post', async () => {
      const quiet = await insertPost(t, { userId: writer.me.id, title: 'Storm window clips missing' });
      const other = await member();
      expect((await put(`/api/posts/${quiet}/read`, reader.cookie, {})).statusCode).toBe(200);
      await reply(quiet, writer, 'The clips are sold as turn buttons at most hardware stores.');
      await reply(quiet, other, 'Mine were stamped with a part number on the back, worth checking.');
      expect(await counts([postId, quiet])).toEqual({ [quiet]: 2 });
      expect(await counts([postId, quiet], other)).toEqual({});
    });

    it('members only; bad input gets a clear error; hidden posts are not found', async () => {
      expect((await get(t, `/api/posts/${postId}/read`)).statusCode).toBe(401);
      expect((await put(`/api/posts/${postId}/read`, undefined, {})).statusCode).toBe(401);
      expect((await get(t, `/api/posts/new-replies?ids=${postId}`)).statusCode).toBe(401);

      const elsewhere = await insertPost(t, { userId: writer.me.id });
      const foreign = await reply(elsewhere, writer, 'A reply that lives on another post entirely.');
      const wrong = await put(`/api/posts/${postId}/read`, reader.cookie, { replyId: foreign });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(WHAT_IS_NEW_TEXT.replyNotOnPost);

      const many = Array.from({ length: WHAT_IS_NEW.newRepliesIds + 1 }, () => crypto.randomUUID());
      const tooMany = await get(t, `/api/posts/new-replies?ids=${many.join(',')}`, reader.cookie);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(WHAT_IS_NEW_TEXT.tooManyIds);
      const notIds = await get(t, '/api/posts/new-replies?ids=abc', reader.cookie);
      expect(notIds.statusCode).toBe(400);
      expect(notIds.json().message).toBe(WHAT_IS_NEW_TEXT.invalidIds);

      const pending = await insertPost(t, { userId: writer.me.id, status: 'pending' });
      expect((await put(`/api/posts/${pending}/read`, reader.cookie, {})).statusCode).toBe(404);
      expect((await put(`/api/posts/${pending}/read`, writer.cookie, {})).statusCode).toBe(200);
    });
  });

  describe('the notifications page', () => {
    let owner: Member;
    beforeAll(async () => {
      owner = await member();
      const postId = await insertPost(t);
      // 45 notifications a minute apart, newest last: every fifth a mention, every third unread.
      const types: NotificationType[] = ['new_reply', 'mention', 'post_approved', 'reply_pinned', 'bookmark_solved'];
      await sqlQuery(
        t,
        `INSERT INTO notifications (user_id, type, message, post_id, read, created_at)
         SELECT $1, ($3::text[])[1 + n % 5]::notification_type, 'Note ' || n, $2, n % 3 <> 0, now() - (60 - n) * interval '1 minute'
         FROM generate_series(1, 45) n`,
        [owner.me.id, postId, types],
      );
    });
    const page = async (query: string) => {
      const res = await get(t, `/api/notifications/page${query}`, owner.cookie);
      expect(res.statusCode).toBe(200);
      return res.json() as NotificationPage;
    };
    const all = async (filter: string) => {
      const out: NotificationPage['notifications'] = [];
      let cursor: string | null = null;
      do {
        const p: NotificationPage = await page(`?filter=${filter}${cursor ? `&cursor=${cursor}` : ''}`);
        out.push(...p.notifications);
        cursor = p.nextCursor;
      } while (cursor);
      return out;
    };

    it('pages through every notification newest first, 20 a page, with the unread count', async () => {
      const first = await page('');
      expect(first.notifications).toHaveLength(20);
      expect(first.notifications[0]!.message).toBe('Note 45');
      expect(first.unreadCount).toBe(15);
      const every = await all('all');
      expect(every.map((n) => n.message)).toEqual(Array.from({ length: 45 }, (_, i) => `Note ${45 - i}`));
    });

    it('filters: unread, mentions, replies, moderation', async () => {
      const numbers = (list: NotificationPage['notifications']) => list.map((n) => Number(n.message.slice(5)));
      expect(numbers(await all('unread'))).toEqual([45, 42, 39, 36, 33, 30, 27, 24, 21, 18, 15, 12, 9, 6, 3]);
      expect((await all('mentions')).every((n) => n.type === 'mention')).toBe(true);
      expect(numbers(await all('mentions'))).toEqual([41, 36, 31, 26, 21, 16, 11, 6, 1]);
      const replies = await all('replies');
      expect(new Set(replies.map((n) => n.type))).toEqual(new Set(['new_reply', 'reply_pinned']));
      expect(replies).toHaveLength(18);
      expect((await all('moderation')).map((n) => n.type)).toEqual(Array(9).fill('post_approved'));
    });

    it("'Mark all as read' empties the unread filter; a bad filter or cursor is a 400; visitors get 401", async () => {
      expect((await post(t, '/api/notifications/read-all', owner.cookie)).statusCode).toBe(200);
      const unread = await page('?filter=unread');
      expect(unread).toEqual({ notifications: [], nextCursor: null, unreadCount: 0 });

      const badFilter = await get(t, '/api/notifications/page?filter=likes', owner.cookie);
      expect(badFilter.statusCode).toBe(400);
      expect(badFilter.json().message).toBe(WHAT_IS_NEW_TEXT.invalidFilter);
      expect((await get(t, '/api/notifications/page?cursor=nonsense', owner.cookie)).statusCode).toBe(400);
      expect((await get(t, '/api/notifications/page')).statusCode).toBe(401);
      // Someone else's page is their own.
      const other = await member();
      expect((await get(t, '/api/notifications/page', other.cookie)).json().notifications).toEqual([]);
    });
  });

  describe('emails', () => {
    let author: Member;
    let writers: Member[];
    let postId: string;
    beforeAll(async () => {
      author = await member({ username: 'orla-owner' });
      writers = await Promise.all([1, 2, 3, 4].map((n) => member({ username: `writer-${n}` })));
      postId = await insertPost(t, { userId: author.me.id, title: 'Casement hinge squeaks' });
    });

    it('a reply email has a text and an HTML part, quoting the first 500 characters with a link to the reply', async () => {
      const long = `${'Friction hinges want dry lubricant, never oil. '.repeat(12)}THE END`;
      const replyId = await reply(postId, writers[0]!, long);
      await runEmails();
      const [mail] = mailTo(author);
      expect(mail!.headers.subject).toBe(notificationEmailSubject('new_reply', 'Fenestra'));
      expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);
      const quoted = long.slice(0, WHAT_IS_NEW.emailQuoteChars);
      const link = `${ORIGIN}/post/${postId}#reply-${replyId}`;
      const quotedLines = quoted
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n');
      expect(mail!.text).toContain(`writer-1 wrote:\n${quotedLines}…\nRead it on Fenestra: ${link}`);
      expect(mail!.text).not.toContain('THE END');
      expect(mail!.html).toContain('<meta name="color-scheme" content="light dark">');
      expect(mail!.html).toContain('prefers-color-scheme: dark');
      expect(mail!.html).not.toMatch(/<img/i);
      expect(mail!.html).toContain(`href="${link}"`);
      expect(mail!.html).toContain(quoted.slice(0, 200));
      expect(mail!.html).toContain(`${ORIGIN}/settings`);
      expect(mail!.headers['list-unsubscribe']).toMatch(/^<http.*unsubscribe\?token=.+>$/);
    });

    it('a mention email quotes the reply as plain text; member text is escaped in the HTML part', async () => {
      const mentioned = await member({ username: 'mona-mention' });
      await reply(postId, writers[1]!, '@mona-mention is this the **same** hinge & stay <b>you</b> fixed?');
      await runEmails();
      const [mail] = mailTo(mentioned);
      expect(mail!.headers.subject).toBe(notificationEmailSubject('mention', 'Fenestra'));
      expect(mail!.text).toContain('> @mona-mention is this the same hinge & stay <b>you</b> fixed?');
      expect(mail!.html).toContain('is this the same hinge &amp; stay &lt;b&gt;you&lt;/b&gt; fixed?');
    });

    it('later replies within 15 minutes are gathered into one email that lists them; after that, one at once', async () => {
      // The author got one email for writer-1's reply (above) and one for writer-2's at 10:00 + a little: writer-2's
      // came inside the window opened by the first, so it waits too.
      const before = mailTo(author).length;
      clock = new Date(clock.getTime() + 5 * MINUTE);
      await reply(postId, writers[2]!, 'The pin may be worn; a shim washer takes up the play nicely.');
      await reply(postId, writers[3]!, 'Swap the whole hinge: they are cheap and the screws are standard.');
      await runEmails();
      expect(mailTo(author)).toHaveLength(before);

      await closeWindows();
      await runEmails();
      const gathered = mailTo(author).slice(before);
      expect(gathered).toHaveLength(1);
      expect(gathered[0]!.headers.subject).toBe(WHAT_IS_NEW_TEXT.gatheredSubject(3, 'Fenestra'));
      for (const line of [
        'writer-2 replied',
        'writer-3 replied',
        '  The pin may be worn; a shim washer takes up the play nicely.',
        'writer-4 replied',
      ])
        expect(gathered[0]!.text).toContain(line);
      expect(gathered[0]!.html).toContain('Swap the whole hinge');
      // Running it again sends nothing more.
      await closeWindows();
      await runEmails();
      expect(mailTo(author)).toHaveLength(before + 1);

      // Past the window, the next reply opens a new one and is sent at once.
      clock = new Date(clock.getTime() + 16 * MINUTE);
      await reply(postId, writers[0]!, 'Update from me: dry PTFE spray fixed a similar one last week.');
      await runEmails();
      expect(mailTo(author)).toHaveLength(before + 2);
      expect(mailTo(author).at(-1)!.headers.subject).toBe(notificationEmailSubject('new_reply', 'Fenestra'));
    });

    it('replies to another post or for another member are not gathered with these', async () => {
      const otherPost = await insertPost(t, { userId: author.me.id, title: 'Patio door latch sticks' });
      const before = mailTo(author).length;
      await reply(otherPost, writers[1]!, 'Latches stick when the strike plate sags; move it up a little.');
      await runEmails();
      expect(mailTo(author)).toHaveLength(before + 1);
    });
  });

  describe('the digest', () => {
    let reader: Member;
    let chosen: Member;
    let recent: Member;
    let answerer: Member;
    const digestsTo = (m: Member): ReceivedMail[] => mailTo(m).filter((r) => /digest/i.test(r.headers.subject ?? ''));
    const runDigests = async (instances = 1) => {
      // Several instances' runs at once: each claims the period per member; one email each.
      await Promise.all(Array.from({ length: instances }, () => t.app.services.jobs.send('send-digests', {})));
      await t.app.services.jobs.runDue('send-digests');
      await t.app.services.jobs.runDue('send-email');
    };

    beforeAll(async () => {
      [reader, chosen, recent, answerer] = await Promise.all([member(), member(), member(), member()]);
      // The reader asked in 'doors'; the answerer replied in 'screens'.
      await insertPost(t, { userId: reader.me.id, topic: 'doors', title: 'My own door question', votes: 50 });
      const screenPost = await insertPost(t, { topic: 'screens', title: 'An answered screen question' });
      await sqlQuery(t, 'INSERT INTO replies (post_id, user_id, content) VALUES ($1, $2, $3)', [
        screenPost,
        answerer.me.id,
        'Spline size is printed on the old spline, usually.',
      ]);
      for (const [title, topic, votes] of [
        ['Door closer arm snapped', 'doors', 9],
        ['Door sweep keeps peeling', 'doors', 3],
        ['Window balance spring', 'windows', 40],
      ] as const)
        await insertPost(t, { title, topic, votes, createdAt: new Date(clock.getTime() - DAY), replies: 1 });
      await insertPost(t, {
        title: 'Screen door spline size?',
        topic: 'screens',
        createdAt: new Date(clock.getTime() - DAY),
      });
      await insertPost(t, { title: 'Pending door question', topic: 'doors', status: 'pending' });
      // The chosen member picked daily in Settings.
      expect((await put('/api/settings/digest', chosen.cookie, { digest: 'daily' })).json()).toEqual({
        digest: 'daily',
      });
      expect((await get(t, '/api/settings', chosen.cookie)).json().digest).toBe('daily');
    });

    it('is off by default for members who visit, daily when chosen; the choice is checked', async () => {
      await runDigests();
      expect(digestsTo(reader)).toHaveLength(0);
      expect(digestsTo(chosen)).toHaveLength(1);
      const bad = await put('/api/settings/digest', chosen.cookie, { digest: 'hourly' });
      expect(bad.statusCode).toBe(400);
      expect((await put('/api/settings/digest', undefined, { digest: 'daily' })).statusCode).toBe(401);
    });

    it("weekly by default once away 7 days: the best new questions in the member's topics and unanswered ones they might know", async () => {
      clock = new Date(clock.getTime() + 8 * DAY);
      // The recent member visits now (a session used at the clock's time).
      await sqlQuery(t, 'UPDATE sessions SET updated_at = $2 WHERE user_id = $1', [recent.me.id, clock]);
      await sqlQuery(t, 'UPDATE posts SET created_at = $1 WHERE title LIKE $2', [
        new Date(clock.getTime() - DAY),
        '%Door%',
      ]);
      // Not new this week, still unanswered.
      await sqlQuery(t, 'UPDATE posts SET created_at = $1 WHERE title LIKE $2', [
        new Date(clock.getTime() - 10 * DAY),
        'Screen door spline size?',
      ]);
      await runDigests();
      expect(digestsTo(recent)).toHaveLength(0);
      const [mail] = digestsTo(reader);
      expect(mail!.headers.subject).toBe(WHAT_IS_NEW_TEXT.digestSubject('weekly', 'Fenestra'));
      expect(mail!.text).toContain(WHAT_IS_NEW_TEXT.digestBest);
      // In the reader's topic (doors), best first; not their own, not pending, not another topic.
      const best = mail!.text.slice(mail!.text.indexOf(WHAT_IS_NEW_TEXT.digestBest));
      expect(best.indexOf('Door closer arm snapped')).toBeLessThan(best.indexOf('Door sweep keeps peeling'));
      expect(mail!.text).not.toContain('My own door question');
      expect(mail!.text).not.toContain('Pending door question');
      expect(mail!.text).not.toContain('Window balance spring');
      expect(mail!.html).toContain('Door closer arm snapped');
      // The answerer replies in screens: the unanswered screen question is one they might know.
      const [forAnswerer] = digestsTo(answerer);
      const unanswered = forAnswerer!.text.slice(forAnswerer!.text.indexOf(WHAT_IS_NEW_TEXT.digestUnanswered));
      expect(unanswered).toContain('Screen door spline size?');
      expect(forAnswerer!.headers['list-unsubscribe']).toMatch(/unsubscribe\?token=/);
    });

    it('once per period, even when several instances run it at the same moment', async () => {
      const instance = () =>
        sendDigests({
          db: t.app.services.database.db,
          mailer: NO_MAILER,
          publicUrl: ORIGIN,
          secret: 'other',
          now: () => clock,
          siteName: async () => 'Fenestra',
        });
      const count = () => ({ reader: digestsTo(reader).length, chosen: digestsTo(chosen).length });
      const before = count();
      // The same period again, from two instances at once and the scheduled job: nothing more.
      await Promise.all([instance(), instance(), runDigests(2)]);
      await t.app.services.jobs.runDue('send-email');
      expect(count()).toEqual(before);

      // A day on: the daily member's next period, once; the weekly one only if the ISO week turned.
      const weekBefore = digestPeriod('weekly', clock);
      clock = new Date(clock.getTime() + DAY);
      await Promise.all([instance(), instance(), runDigests(2)]);
      await t.app.services.jobs.runDue('send-email');
      const weekTurned = digestPeriod('weekly', clock) !== weekBefore;
      expect(count()).toEqual({ reader: before.reader + (weekTurned ? 1 : 0), chosen: before.chosen + 1 });
      const periods = await sqlQuery<{ period: string }>(
        t,
        'SELECT period FROM digest_sends WHERE user_id = $1 ORDER BY claimed_at',
        [chosen.me.id],
      );
      expect(periods.rows.map((r) => r.period)).toHaveLength(3);
      expect(periods.rows.at(-1)!.period).toBe(digestPeriod('daily', clock));
    });

    it('the unsubscribe link turns the digest off', async () => {
      const [mail] = digestsTo(chosen);
      const url = new URL(/^<(.+)>$/.exec(mail!.headers['list-unsubscribe']!)![1]!);
      const res = await post(t, url.pathname + url.search);
      expect(res.statusCode).toBe(200);
      expect((await get(t, '/api/settings', chosen.cookie)).json().digest).toBe('off');
    });
  });
});
