import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminStats, AnalyticsReport, PostSummary } from '@fenestra/shared';
import { moderator, renderApp, type Handlers } from '../../../test/render-app';

const stats: AdminStats = {
  totalUsers: 1280,
  activePosts: 42,
  pendingReview: 2,
  avgReplyHours: 2.46,
  failedEmails: 0,
  failedDetections: 0,
  openFlags: 0,
};
const analytics = {
  totals: {
    posts: 31,
    replies: 87,
    approvals: 30,
    denials: 10,
    approvalRate: 75,
    madePublic: 30,
    solved: 12,
    solveRate: 40,
    postsCreated: 31,
    answered: 25,
    medianFirstReplyHours: 3.5,
    corrections: 0,
  },
} as AnalyticsReport;

const pending = (id: string, title: string, minutesAgo: number): PostSummary => ({
  id,
  topic: 'screens',
  title,
  preview: 'The spline keeps popping out of the frame at the corners...',
  status: 'pending',
  denialReason: null,
  createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  author: { id: 'u1', username: 'casey', avatarUrl: null },
  tags: [],
  images: [
    {
      id: `${id}-img`,
      url: `/uploads/${id}.jpg`,
      alt: 'Image 1',
      displayOrder: 0,
      width: null,
      height: null,
      variantWidths: [],
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
  video: null,
  replyCount: 0,
  voteCount: 0,
  bookmarkCount: 0,
  editedAt: null,
  answeredBy: null,
  liked: false,
  bookmarked: false,
});

const newer = pending('p2', 'Which spline size for an aluminium screen frame?', 5);
const older = pending('p1', 'Replacing a torn fibreglass screen door mesh', 90);

function renderQueue(handlers: Handlers = {}, path = '/admin') {
  return renderApp(path, {
    me: moderator,
    handlers: {
      'GET /api/admin/stats': { body: stats },
      'GET /api/admin/pending': { body: { posts: [newer, older] } },
      'GET /api/admin/analytics': { body: analytics },
      ...handlers,
    },
  });
}

const rowOf = (title: string) => screen.getByRole('article', { name: title });
const toasts = () => within(screen.getByRole('region', { name: /Messages/ }));

describe('review queue', () => {
  it('counts failed image detections on the line below the stat cards, only when there are some', async () => {
    renderQueue({ 'GET /api/admin/stats': { body: { ...stats, failedDetections: 3 } } });
    const statistics = await screen.findByRole('region', { name: 'Statistics' });
    expect(await within(statistics).findByText('3 image detections failed')).toBeInTheDocument();
  });

  it('shows the stats and the pending posts, oldest first, with a link to each', async () => {
    renderQueue();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const statistics = screen.getByRole('region', { name: 'Statistics' });
    expect(await within(statistics).findByText('1,280')).toBeInTheDocument();
    expect(within(statistics).getByText('Total Users')).toBeInTheDocument();
    expect(within(statistics).getByText('42')).toBeInTheDocument();
    expect(within(statistics).getByText('2.5h')).toBeInTheDocument();

    const rows = await screen.findAllByRole('article');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([older.title, newer.title]);
    const row = rowOf(older.title);
    expect(within(row).getByText('@casey')).toBeInTheDocument();
    expect(within(row).getByText(older.preview)).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', '/uploads/p1.jpg');
    expect(within(row).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/post/p1');
    expect(screen.getByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    expect(await screen.findByText('87')).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByText('3.5 h')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all charts' })).toHaveAttribute('href', '/admin/analytics');
  });

  it("reads '0h' before any reply, and serves /admin/moderation too", async () => {
    renderQueue({ 'GET /api/admin/stats': { body: { ...stats, avgReplyHours: 0 } } }, '/admin/moderation');
    expect(await screen.findByText('0h')).toBeInTheDocument();
  });

  it("approves: sends the POST, says 'Post Approved', drops the row and refreshes the stats", async () => {
    const { user, fetchMock } = renderQueue({ 'POST /api/admin/posts/p1/approve': { body: {} } });
    await screen.findAllByRole('article');
    const statsCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/admin/stats').length;
    const before = statsCalls();

    await user.click(within(rowOf(older.title)).getByRole('button', { name: 'Approve' }));
    expect(await toasts().findByText('Post Approved')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/posts/p1/approve', expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: older.title })).not.toBeInTheDocument());
    expect(rowOf(newer.title)).toBeInTheDocument();
    await waitFor(() => expect(statsCalls()).toBeGreaterThan(before));
    // The focused button left with its row; focus lands on the list's heading, not the page's end.
    await waitFor(() => expect(screen.getByRole('heading', { name: /^Pending Posts/ })).toHaveFocus());
  });

  it("says 'Post Approved' even when the approval's live event took the row away before the answer came", async () => {
    let answer = (_reply: { body: unknown }) => {};
    const { user, queryClient } = renderQueue({
      'POST /api/admin/posts/p1/approve': () => new Promise((resolve) => (answer = resolve)),
    });
    await screen.findAllByRole('article');
    await user.click(within(rowOf(older.title)).getByRole('button', { name: 'Approve' }));
    // The queue read again on the event 'post:approved' (it no longer holds the post) lands first.
    queryClient.setQueryData<PostSummary[]>(['admin', 'pending'], [newer]);
    await waitFor(() => expect(screen.queryByRole('article', { name: older.title })).not.toBeInTheDocument());

    answer({ body: {} });
    expect(await toasts().findByText('Post Approved')).toBeInTheDocument();
  });

  it("keeps the row and says 'Approval Failed' when the server refuses", async () => {
    const { user } = renderQueue({
      'POST /api/admin/posts/p1/approve': { status: 409, body: { message: 'Post is not pending' } },
    });
    await screen.findAllByRole('article');
    await user.click(within(rowOf(older.title)).getByRole('button', { name: 'Approve' }));
    expect(await toasts().findByText('Approval Failed')).toBeInTheDocument();
    expect(rowOf(older.title)).toBeInTheDocument();
  });

  it("refuses an empty reason with 'Reason required' and sends nothing", async () => {
    const { user, fetchMock } = renderQueue();
    await screen.findAllByRole('article');
    await user.click(within(rowOf(older.title)).getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Deny Post' }));

    expect(await toasts().findByText('Reason required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please provide a reason for denying this post.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/deny'))).toBe(false);
  });

  it("refuses a 501-character reason with 'Reason too long' and sends nothing", async () => {
    const { user, fetchMock } = renderQueue();
    await screen.findAllByRole('article');
    await user.click(within(rowOf(older.title)).getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('x'.repeat(501));

    expect(within(dialog).getByText('Reason too long')).toBeInTheDocument();
    expect(within(dialog).getByText('501/500')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deny Post' }));
    expect(await toasts().findByText('Reason too long')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/deny'))).toBe(false);
  });

  it("denies with the reason and a permanent ban: 'Post Denied' and the row leaves", async () => {
    let sent: unknown;
    const { user } = renderQueue({
      'POST /api/admin/posts/p1/deny': (body) => {
        sent = body;
        return { body: {} };
      },
    });
    await screen.findAllByRole('article');
    await user.click(within(rowOf(older.title)).getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), '  Spam link in the description.  ');
    await user.click(within(dialog).getByLabelText('Also ban the author (permanently)'));
    await user.click(within(dialog).getByRole('button', { name: 'Deny Post' }));

    expect(await toasts().findByText('Post Denied')).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Spam link in the description.', banAuthor: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('article', { name: older.title })).not.toBeInTheDocument();
  });

  it("keeps the dialog open and says 'Deny Failed' when the server refuses", async () => {
    const { user } = renderQueue({
      'POST /api/admin/posts/p1/deny': { status: 500, body: { message: 'Internal Server Error' } },
    });
    await screen.findAllByRole('article');
    await user.click(within(rowOf(older.title)).getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate question');
    await user.click(within(dialog).getByRole('button', { name: 'Deny Post' }));
    expect(await toasts().findByText('Deny Failed')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Cancel closes the dialog without a request', async () => {
    const { user, fetchMock } = renderQueue();
    await screen.findAllByRole('article');
    const deny = within(rowOf(older.title)).getByRole('button', { name: 'Deny' });
    await user.click(deny);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(deny).toHaveFocus());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/deny'))).toBe(false);
  });

  it('says so when nothing is waiting', async () => {
    renderQueue({ 'GET /api/admin/pending': { body: { posts: [] } } });
    expect(await screen.findByText('No pending posts to review. Great work!')).toBeInTheDocument();
  });

  it("toasts 'Failed to load pending posts' when the queue cannot load", async () => {
    renderQueue({ 'GET /api/admin/pending': { status: 500, body: { message: 'Internal Server Error' } } });
    expect(await toasts().findByText('Failed to load pending posts')).toBeInTheDocument();
  });

  it('only logs a stats failure: dashes in the cards, no toast', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderQueue({ 'GET /api/admin/stats': { status: 500, body: { message: 'Internal Server Error' } } });
    await screen.findAllByRole('article');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to load admin stats', expect.anything()));
    const statistics = within(screen.getByRole('region', { name: 'Statistics' }));
    expect(statistics.getAllByText('Not available')).toHaveLength(5);
    // Each of the five cards, Open Flags (issue 26) among them, shows its dash.
    for (const label of ['Total Users', 'Active Posts', 'Pending Review', 'Avg. Reply Time', 'Open Flags']) {
      expect(within(statistics.getByText(label).parentElement!).getByText('Not available')).toBeInTheDocument();
    }
    expect(within(screen.getByRole('region', { name: /Messages/ })).queryAllByRole('listitem')).toHaveLength(0);
  });
});
