import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostDetail, Reply } from '@fenestra/shared';
import { member, renderApp, type Handlers } from '../../../test/render-app';
import { compressImage } from '../../../lib/compress-image';
import { FakeXhr, installFakeXhr } from '../../../lib/media/fake-xhr';

// jsdom cannot decode images: the compression wrapper is replaced, as in the ask form's tests.
vi.mock('../../../lib/compress-image', () => ({ compressImage: vi.fn() }));

const POST_ID = '11111111-1111-4111-8111-111111111111';

const post = (overrides: Partial<PostDetail> = {}): PostDetail => ({
  id: POST_ID,
  topic: 'windows',
  title: 'Which crank handle fits this casement window?',
  description: 'The old handle snapped at the spindle; there is a stamp on the gearbox I cannot read.',
  descriptionHtml: '<p>The old handle snapped at the spindle; there is a stamp on the gearbox I cannot read.</p>\n',
  status: 'open',
  denialReason: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  author: { id: 'u9', username: 'robin', avatarUrl: null },
  tags: [],
  images: [],
  video: null,
  replyCount: 2,
  voteCount: 0,
  bookmarkCount: 0,
  editedAt: null,
  answeredBy: null,
  liked: false,
  bookmarked: false,
  canModerate: false,
  canOverrideDetection: false,
  version: 1,
  acceptedReplyId: null,
  hiddenByFlags: false,
  mentions: [],
  ...overrides,
});

const reply = (n: number, overrides: Partial<Reply> = {}): Reply => ({
  id: `r${n}`,
  postId: POST_ID,
  content: `Reply number ${n} with enough words in it.`,
  contentHtml: `<p>Reply number ${n} with enough words in it.</p>\n`,
  createdAt: '2026-01-05T11:00:00.000Z',
  isPinned: false,
  version: 1,
  editedAt: null,
  isAccepted: false,
  helpfulCount: 0,
  author: { id: `u${n}`, username: `helper${n}`, avatarUrl: null },
  images: [],
  mentions: [],
  previews: [],
  ...overrides,
});

const repliesPath = `GET /api/posts/${POST_ID}/replies`;
const postPath = `GET /api/posts/${POST_ID}`;
const createPath = `POST /api/posts/${POST_ID}/replies`;

function openPost({
  me = member,
  detail = post(),
  replies = [reply(1), reply(2)],
  handlers = {},
}: {
  me?: typeof member | null;
  detail?: PostDetail;
  replies?: Reply[];
  handlers?: Handlers;
} = {}) {
  return renderApp(`/post/${POST_ID}`, {
    me,
    handlers: { [postPath]: { body: detail }, [repliesPath]: { body: { replies, nextCursor: null } }, ...handlers },
  });
}

const messages = () => within(screen.getByRole('region', { name: /Messages/ }));
const replyBox = () => screen.getByRole('textbox', { name: 'Add a Reply' });

beforeEach(() => {
  installFakeXhr();
  vi.mocked(compressImage)
    .mockReset()
    .mockImplementation(async (file) => file);
});

describe('replies on the post page', () => {
  it("lists the replies in the server's order under 'N Replies', marking the pinned one", async () => {
    openPost({ replies: [reply(2, { isPinned: true }), reply(1)] });
    expect(await screen.findByRole('heading', { name: '2 Replies' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Replies' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Reply by helper2', 'Reply by helper1']);
    expect(within(cards[0]!).getByText('Pinned Reply')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Pinned Reply')).not.toBeInTheDocument();
  });

  it("reads '1 Reply' for one", async () => {
    openPost({ detail: post({ replyCount: 1 }), replies: [reply(1)] });
    expect(await screen.findByRole('heading', { name: '1 Reply' })).toBeInTheDocument();
  });

  it("loads the next page with the cursor from 'Load more replies'", async () => {
    const { user } = openPost({
      handlers: {
        [repliesPath]: (_body, url) =>
          url.searchParams.get('cursor') === 'c200'
            ? { body: { replies: [reply(201)], nextCursor: null } }
            : { body: { replies: [reply(1)], nextCursor: 'c200' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Load more replies' }));
    expect(await screen.findByRole('article', { name: 'Reply by helper201' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Reply by helper1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more replies' })).not.toBeInTheDocument();
  });

  it('shows a reply as the server rendered it; a member mentioned opens in the app', async () => {
    const { user, location } = openPost({
      replies: [
        reply(1, {
          content: '1. Lift **the sash**\n2. Ask @Robin or see [the manual](https://example.com/m)',
          // What apps/server/src/lib/member-markdown.ts gives for it (its own tests hold the rules).
          contentHtml:
            '<ol>\n<li>Lift <strong>the sash</strong></li>\n<li>Ask <a href="/user/robin">@Robin</a> or see ' +
            '<a href="https://example.com/m" target="_blank" rel="noopener noreferrer nofollow ugc">the manual</a></li>\n</ol>\n',
          mentions: [{ handle: 'robin', userId: 'u9', username: 'robin' }],
        }),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Reply by helper1' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lift the sash', 'Ask @Robin or see the manual']);
    expect(within(card).getByText('the sash').tagName).toBe('STRONG');
    expect(within(card).getByRole('link', { name: 'the manual' })).toHaveAttribute('target', '_blank');
    await user.click(within(card).getByRole('link', { name: '@Robin' }));
    await waitFor(() => expect(location()).toBe('/user/robin'));
  });

  it("shows the reply's link preview cards under it", async () => {
    openPost({
      replies: [
        reply(1, {
          content: 'The maker has it: https://parts.example/crank',
          previews: [
            {
              url: 'https://parts.example/crank',
              title: 'Crank handle 15-series',
              description: null,
              image: null,
              domain: 'parts.example',
            },
          ],
        }),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Reply by helper1' });
    const previews = within(card).getByRole('list', { name: 'Link previews' });
    expect(within(previews).getByRole('link', { name: /Crank handle 15-series/ })).toHaveAttribute(
      'href',
      'https://parts.example/crank',
    );
  });

  it("opens a reply's photos in the media viewer", async () => {
    const { user } = openPost({
      replies: [
        reply(1, {
          images: [
            {
              id: 'i1',
              url: '/uploads/post-images/a.jpg',
              displayOrder: 0,
              width: null,
              height: null,
              variantWidths: [],
            },
            {
              id: 'i2',
              url: '/uploads/post-images/b.jpg',
              displayOrder: 1,
              width: null,
              height: null,
              variantWidths: [],
            },
          ],
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Open reply image 2' }));
    const viewer = await screen.findByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByText('2 / 2')).toBeInTheDocument();
    expect(within(viewer).getByRole('img', { name: 'Reply image 2' })).toHaveAttribute(
      'src',
      '/uploads/post-images/b.jpg',
    );
  });
});

describe('the reply form', () => {
  it("gives visitors a disabled Post Reply and 'You must be logged in to reply'", async () => {
    const { user } = openPost({ me: null });
    await user.type(await screen.findByRole('textbox', { name: 'Add a Reply' }), 'A perfectly long enough reply');
    expect(screen.getByRole('button', { name: 'Post Reply' })).toBeDisabled();
    expect(screen.getByText('You must be logged in to reply')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add photos')).not.toBeInTheDocument();
  });

  it('keeps Post Reply disabled while the text is blank, and toasts the first rule broken', async () => {
    const { user, fetchMock } = openPost();
    const button = await screen.findByRole('button', { name: 'Post Reply' });
    expect(button).toBeDisabled();
    await user.type(await screen.findByRole('textbox', { name: 'Add a Reply' }), '   ');
    expect(button).toBeDisabled();
    await user.type(replyBox(), 'too short');
    await user.click(button);
    expect(await messages().findByText('Reply must be at least 10 characters')).toBeInTheDocument();

    fireEvent.change(replyBox(), { target: { value: 'x'.repeat(5001) } });
    await user.click(button);
    expect(await messages().findByText('Reply must be less than 5000 characters')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says how many members a reply may mention, and refuses more before sending', async () => {
    const { user, fetchMock } = openPost();
    const box = await screen.findByRole('textbox', { name: 'Add a Reply' });
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Mention up to 10 members with @username.'));
    const names = (n: number) => Array.from({ length: n }, (_, i) => `@member_${i}`).join(' ');
    fireEvent.change(box, { target: { value: `Asking around: ${names(10)}` } });
    expect(screen.getByText('Mention up to 10 members with @username.')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: `Asking around: ${names(11)}` } });
    expect(box).toHaveAccessibleDescription(expect.stringContaining('A reply can mention at most 10 members'));
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(await messages().findByText('A reply can mention at most 10 members')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("posts the reply, says 'Reply posted!' and empties the form", async () => {
    const create = vi.fn(() => ({ status: 201, body: reply(3) }));
    const { user } = openPost({ handlers: { [createPath]: create } });
    await user.type(
      await screen.findByRole('textbox', { name: 'Add a Reply' }),
      '  It is a Truth 15-series operator.  ',
    );
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(await messages().findByText('Reply posted!')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(
      { content: 'It is a Truth 15-series operator.', imageUploadIds: [] },
      expect.any(URL),
    );
    expect(replyBox()).toHaveValue('');
  });

  it("says 'Failed to post reply' with the server's reason", async () => {
    const { user } = openPost({
      handlers: { [createPath]: { status: 409, body: { message: 'Further replies are disabled' } } },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Add a Reply' }), 'It is a Truth 15-series operator.');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(await messages().findByText('Failed to post reply')).toBeInTheDocument();
    expect(messages().getByText('Further replies are disabled')).toBeInTheDocument();
    expect(replyBox()).toHaveValue('It is a Truth 15-series operator.');
  });

  it("says 'You must be logged in to reply' when the session ended before sending", async () => {
    const { user } = openPost({
      handlers: { [createPath]: { status: 401, body: { message: 'Please sign in to continue' } } },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Add a Reply' }), 'It is a Truth 15-series operator.');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(await messages().findByText('You must be logged in to reply')).toBeInTheDocument();
  });

  it('uploads photos for the reply (purpose reply) and sends their ids with it', async () => {
    const create = vi.fn(() => ({ status: 201, body: reply(3) }));
    const { user } = openPost({ handlers: { [createPath]: create } });
    const picker = await screen.findByLabelText('Add photos');
    await user.upload(picker, [new File(['x'], 'crank.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const upload = FakeXhr.sent[0]!;
    expect(upload.body?.get('purpose')).toBe('reply');
    expect(upload.fileNames('files')).toEqual(['crank.jpg']);
    upload.progress(50, 100);
    expect(screen.getByRole('progressbar', { name: 'crank.jpg' })).toHaveAttribute('aria-valuenow', '50');
    const id = '00000000-0000-4000-8000-000000000001';
    await upload.respond(200, {
      files: [{ id, path: 'u1/1.jpg', publicUrl: '/uploads/post-images/u1/1.jpg', mimeType: 'image/jpeg' }],
    });
    expect(await messages().findByText('1 image(s) uploaded successfully')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Uploaded media' })).getByRole('img', { name: 'Image 1' }),
    ).toBeInTheDocument();

    await user.type(replyBox(), 'Here is the one I fitted last spring.');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        { content: 'Here is the one I fitted last spring.', imageUploadIds: [id] },
        expect.any(URL),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Uploaded media' })).not.toBeInTheDocument());
  });

  it('writes [text](url) from the insert-link dialog, refusing anything but http and https', async () => {
    const { user } = openPost();
    await user.type(await screen.findByRole('textbox', { name: 'Add a Reply' }), 'Try');
    await user.click(screen.getByRole('button', { name: 'Insert link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert a link' });
    await user.type(within(dialog).getByLabelText('Link Text'), 'the maker');
    await user.type(within(dialog).getByLabelText('URL'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Insert Link' }));
    expect(within(dialog).getByText('Please enter a valid http or https URL')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'https://truth.example/parts');
    await user.click(within(dialog).getByRole('button', { name: 'Insert Link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(replyBox()).toHaveValue('Try [the maker](https://truth.example/parts)');
  });

  it('writes the bare address when Link Text is empty, and asks for a URL when it is missing', async () => {
    const { user } = openPost();
    await user.click(await screen.findByRole('button', { name: 'Insert link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert a link' });
    await user.click(within(dialog).getByRole('button', { name: 'Insert Link' }));
    expect(within(dialog).getByText('Please enter a valid http or https URL')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('URL'), 'http://example.com/a');
    await user.click(within(dialog).getByRole('button', { name: 'Insert Link' }));
    await waitFor(() => expect(replyBox()).toHaveValue('http://example.com/a'));
  });

  it('shows the solved card instead of the form on a solved question', async () => {
    openPost({ detail: post({ status: 'solved' }) });
    expect(await screen.findByText('This question has been marked as solved')).toBeInTheDocument();
    expect(screen.getByText('Further replies are disabled')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a Reply' })).not.toBeInTheDocument();
  });
});
