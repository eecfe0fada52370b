import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@fenestra/shared';
import { member, renderApp } from '../../../test/render-app';
import { findCard, makePost, pageOf, requestKeys } from '../testing/post-fixtures';

const toast = (text: string) => screen.findByText(text, { selector: '[data-sonner-toast] *' });

// Each test waits for the header to know who is signed in before clicking (/api/me has answered).

/** Holds the like request open until the test answers it, to see what shows meanwhile. */
function deferredReply() {
  let answer: (reply: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  const json = (status: number, body: unknown) =>
    answer(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  return { promise, json };
}

describe('like button', () => {
  it('asks a visitor to sign in, and sends nothing', async () => {
    const post = makePost({ voteCount: 3 });
    const { user, fetchMock } = renderApp('/', { handlers: { 'GET /api/posts': { body: pageOf([post]) } } });
    const card = await findCard();
    await screen.findByRole('link', { name: 'Sign In' });

    await user.click(within(card).getByRole('button', { name: /^Like\b/ }));
    expect(await toast(MSG.signInToLike)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Like\b/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('button', { name: /^Like\b/ })).toHaveTextContent('3');
    // Its spoken name holds the count it shows (WCAG 2.5.3).
    expect(within(card).getByRole('button', { name: /^Like\b/ })).toHaveAccessibleName('Like, 3 likes');
    expect(requestKeys(fetchMock).filter((key) => key.startsWith('POST'))).toEqual([]);
  });

  it("counts a member's like at once and keeps the server's count", async () => {
    const post = makePost({ voteCount: 3 });
    const reply = deferredReply();
    const { user, fetchMock } = renderApp('/', {
      me: member,
      handlers: { 'GET /api/posts': { body: pageOf([post]) } },
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => (init?.method === 'POST' ? reply.promise : answer(input, init)));
    const card = await findCard();
    await screen.findByRole('link', { name: 'Bookmarks' });

    await user.click(within(card).getByRole('button', { name: /^Like\b/ }));
    const unlike = await within(card).findByRole('button', { name: /^Unlike\b/ });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    expect(unlike).toHaveTextContent('4');
    expect(fetchMock).toHaveBeenCalledWith(`/api/posts/${post.id}/like`, expect.objectContaining({ method: 'POST' }));

    reply.json(200, { active: true, count: 9 });
    await waitFor(() => expect(within(card).getByRole('button', { name: /^Unlike\b/ })).toHaveTextContent('9'));
  });

  it('rolls the like back with a toast when the server refuses', async () => {
    const post = makePost({ voteCount: 3 });
    const reply = deferredReply();
    const { user, fetchMock } = renderApp('/', {
      me: member,
      handlers: { 'GET /api/posts': { body: pageOf([post]) } },
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => (init?.method === 'POST' ? reply.promise : answer(input, init)));
    const card = await findCard();
    await screen.findByRole('link', { name: 'Bookmarks' });

    await user.click(within(card).getByRole('button', { name: /^Like\b/ }));
    expect(await within(card).findByRole('button', { name: /^Unlike\b/ })).toHaveTextContent('4');

    reply.json(500, { message: 'Internal Server Error' });
    expect(await toast(MSG.failedLike)).toBeInTheDocument();
    const like = within(card).getByRole('button', { name: /^Like\b/ });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveTextContent('3');
  });
});

describe('bookmark button', () => {
  it('asks a visitor to sign in, and sends nothing', async () => {
    const { user, fetchMock } = renderApp('/', { handlers: { 'GET /api/posts': { body: pageOf([makePost()]) } } });
    const card = await findCard();
    await screen.findByRole('link', { name: 'Sign In' });

    await user.click(within(card).getByRole('button', { name: 'Bookmark' }));
    expect(await toast(MSG.signInToBookmark)).toBeInTheDocument();
    expect(requestKeys(fetchMock).filter((key) => key.startsWith('POST'))).toEqual([]);
  });

  it('saves and removes a bookmark for a member, with a toast each time', async () => {
    const post = makePost();
    let active = false;
    const { user } = renderApp('/', {
      me: member,
      handlers: {
        'GET /api/posts': { body: pageOf([post]) },
        [`POST /api/posts/${post.id}/bookmark`]: () => ({
          body: { active: (active = !active), count: active ? 1 : 0 },
        }),
      },
    });
    const card = await findCard();
    await screen.findByRole('link', { name: 'Bookmarks' });

    await user.click(within(card).getByRole('button', { name: 'Bookmark' }));
    expect(await toast(MSG.postBookmarked)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(card).getByRole('button', { name: 'Remove bookmark' }));
    expect(await toast(MSG.bookmarkRemoved)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('rolls back with a toast when the server refuses', async () => {
    const post = makePost();
    const { user } = renderApp('/', {
      me: member,
      handlers: {
        'GET /api/posts': { body: pageOf([post]) },
        [`POST /api/posts/${post.id}/bookmark`]: { status: 500, body: { message: 'Internal Server Error' } },
      },
    });
    const card = await findCard();
    await screen.findByRole('link', { name: 'Bookmarks' });

    await user.click(within(card).getByRole('button', { name: 'Bookmark' }));
    expect(await toast(MSG.failedBookmark)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');
  });
});
