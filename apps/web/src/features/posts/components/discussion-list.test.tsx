import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@fenestra/shared';
import { renderApp } from '../../../test/render-app';
import { findCard, makePost, pageOf, requestedQueries } from '../testing/post-fixtures';

const list = () => screen.getByRole('list', { name: 'Discussions' });
const cards = () => within(list()).getAllByRole('article');

describe('home discussion list', () => {
  it('shows the posts of GET /api/posts as cards, and how many the selection holds', async () => {
    const solved = makePost({
      title: 'Which hinge fits this storm door?',
      preview: 'The old hinge is stamped 4B...',
      status: 'solved',
      topic: 'doors',
      tags: ['storm door', 'hinge'],
      replyCount: 1,
      voteCount: 7,
      images: [
        {
          id: 'i1',
          url: '/media/hinge.jpg',
          alt: 'Image 1',
          displayOrder: 0,
          width: 800,
          height: 600,
          variantWidths: [160, 320, 640],
          detection: {
            object: null,
            category: null,
            material: null,
            finish: null,
            confidence: null,
            keyFeatures: [],
            userConfirmedObject: null,
            status: 'off' as const,
            visibleText: null,
          },
        },
      ],
      video: {
        url: '/media/door.mp4',
        thumbnailUrl: '/media/door.jpg',
        thumbnailWidth: null,
        thumbnailHeight: null,
        thumbnailVariantWidths: [],
        durationSeconds: 65,
        fileSizeBytes: 1000,
        mimeType: 'video/mp4',
      },
    });
    // A photo stored before copies were made: the photo itself, in the tile's 4:3 box.
    const open = makePost({
      title: 'Sliding screen keeps jumping its track',
      replyCount: 3,
      images: [
        { ...solved.images[0]!, id: 'i2', url: '/media/track.jpg', width: null, height: null, variantWidths: [] },
      ],
    });
    renderApp('/', { handlers: { 'GET /api/posts': { body: pageOf([solved, open], { total: 42 }) } } });

    expect(screen.getByRole('heading', { name: 'Community Discussions', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('42 active discussions')).toBeInTheDocument();

    const first = await findCard(0);
    const second = await findCard(1);
    expect(within(first).getByRole('link', { name: 'Which hinge fits this storm door?' })).toHaveAttribute(
      'href',
      `/post/${solved.id}`,
    );
    expect(within(first).getByText('The old hinge is stamped 4B...')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '@casey' })).toHaveAttribute('href', '/user/casey');
    expect(within(first).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(first).getByText('Solved')).toBeInTheDocument();
    expect(within(first).getByText('Doors')).toBeInTheDocument();
    expect(within(first).getByText('#storm door')).toBeInTheDocument();
    expect(within(first).getByText('1 reply')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /^Like\b/ })).toHaveTextContent('7');
    // The first card is above the fold: its pictures load with the page; the others wait until they are near.
    const photo = within(first).getByRole('img', { name: 'Image 1' });
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(photo).toHaveAttribute(
      'srcset',
      '/media/hinge.w160.webp 160w, /media/hinge.w320.webp 320w, /media/hinge.w640.webp 640w, /media/hinge.jpg 800w',
    );
    expect(photo).toHaveAttribute('sizes', '(min-width: 640px) 106px, calc(25vw - 22px)');
    expect(photo).toHaveAttribute('width', '800');
    expect(photo).toHaveAttribute('height', '600');
    const older = within(second).getByRole('img', { name: 'Image 1' });
    expect(older).toHaveAttribute('loading', 'lazy');
    expect(older).not.toHaveAttribute('srcset');
    expect(older).toHaveAttribute('src', '/media/track.jpg');
    expect(older).toHaveAttribute('width', '160');
    expect(within(first).getByText('1:05')).toBeInTheDocument();
    expect(within(second).getByText('In Progress')).toBeInTheDocument();
    expect(within(second).getByText('3 replies')).toBeInTheDocument();
  });

  it('shows a deleted author as unknown, with a ? avatar and no profile link', async () => {
    renderApp('/', {
      handlers: {
        'GET /api/posts': { body: pageOf([makePost({ author: { id: null, username: 'unknown', avatarUrl: null } })]) },
      },
    });
    const card = await findCard();
    expect(within(card).getByText('unknown')).toBeInTheDocument();
    expect(within(card).getByText('?')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /unknown/ })).not.toBeInTheDocument();
  });

  it('keeps the dropdowns in the URL and asks again with the new sort', async () => {
    const { user, fetchMock, location } = renderApp('/?filter=solved&topic=doors', {
      handlers: { 'GET /api/posts': { body: pageOf([makePost()]) } },
    });
    await screen.findAllByRole('article');
    expect(screen.getByLabelText('Topic')).toHaveValue('doors');
    expect(screen.getByLabelText('Status')).toHaveValue('solved');
    expect(requestedQueries(fetchMock, '/api/posts')[0]?.toString()).toBe(
      'scope=public&filter=solved&sort=recent&topic=doors',
    );

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most Votes');
    expect(location()).toBe('/?topic=doors&filter=solved&sort=votes');
    await waitFor(() => expect(requestedQueries(fetchMock, '/api/posts').at(-1)?.get('sort')).toBe('votes'));

    await user.selectOptions(screen.getByLabelText('Status'), 'All Posts');
    await user.selectOptions(screen.getByLabelText('Topic'), 'All Topics');
    expect(location()).toBe('/?sort=votes');
  });

  it("loads the next page with the last page's cursor, and hides Load More at the end", async () => {
    const first = Array.from({ length: 20 }, () => makePost());
    const last = makePost({ title: 'The twenty-first question' });
    let served = 0;
    const { user, fetchMock } = renderApp('/', {
      handlers: {
        'GET /api/posts': () =>
          served++ === 0
            ? { body: pageOf(first, { nextCursor: 'page-2', total: 21 }) }
            : { body: pageOf([last], { total: 21 }) },
      },
    });
    expect(await screen.findAllByRole('article')).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Load More Discussions' }));
    expect(await screen.findByRole('link', { name: 'The twenty-first question' })).toBeInTheDocument();
    expect(cards()).toHaveLength(21);
    expect(requestedQueries(fetchMock, '/api/posts').map((query) => query.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load More Discussions' })).not.toBeInTheDocument();
  });

  it('says so when there are no posts', async () => {
    renderApp('/', { handlers: { 'GET /api/posts': { body: pageOf([]) } } });
    expect(await screen.findByText(MSG.noPosts)).toBeInTheDocument();
    expect(screen.getByText('0 active discussions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Discussions' })).not.toBeInTheDocument();
  });

  it('toasts a failed load and offers a retry', async () => {
    let fail = true;
    const { user } = renderApp('/', {
      handlers: {
        'GET /api/posts': () =>
          fail
            ? { status: 500, body: { message: 'Internal Server Error' } }
            : { body: pageOf([makePost({ title: 'Back again' })]) },
      },
    });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await screen.findByText(MSG.failedLoadPosts, { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    // The line under the heading says so too, instead of 'Loading...' for ever.
    const heading = screen.getByRole('heading', { name: 'Community Discussions', level: 1 });
    expect(heading.nextElementSibling).toHaveTextContent(MSG.failedLoadPosts);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
    expect(heading.nextElementSibling).toHaveTextContent('1 active discussion');
  });
});
