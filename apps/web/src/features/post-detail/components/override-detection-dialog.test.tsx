import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Detection, PostDetail } from '@fenestra/shared';
import { member, moderator, renderApp, type Handlers } from '../../../test/render-app';

const IMG = '0b6f3c1e-6a0e-4d8c-9f53-0c3d1f1e9a11';

const detection = (over: Partial<Detection> = {}): Detection => ({
  status: 'done',
  object: 'casement window operator',
  category: 'operator',
  material: 'zinc die-cast',
  finish: 'white',
  confidence: 0.57,
  keyFeatures: ['brand: Truth Hardware', 'part no. 23.10.00'],
  userConfirmedObject: null,
  visibleText: 'TRUTH HARDWARE\nPART No. 23.10.00',
  ...over,
});

const post = (over: Partial<PostDetail> = {}, image: Partial<Detection> = {}): PostDetail => ({
  id: 'p1',
  topic: 'windows',
  title: 'Need help identifying this',
  description: 'Found it in the garage, no idea what it is.',
  descriptionHtml: '<p>Found it in the garage, no idea what it is.</p>\n',
  status: 'open',
  denialReason: null,
  createdAt: new Date().toISOString(),
  author: { id: 'u1', username: 'casey', avatarUrl: null },
  tags: [],
  images: [
    {
      id: IMG,
      url: '/media/post-images/u1/a.jpg',
      alt: 'Image 1',
      displayOrder: 0,
      width: null,
      height: null,
      variantWidths: [],
      detection: detection(image),
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
  canModerate: true,
  canOverrideDetection: true,
  version: 1,
  acceptedReplyId: null,
  hiddenByFlags: false,
  mentions: [],
  ...over,
});

const toasts = () => within(screen.getByRole('region', { name: /Messages/ }));

async function openDialog(override: Handlers[string], extra: Handlers = {}) {
  const app = renderApp('/post/p1', {
    me: moderator,
    handlers: {
      'GET /api/posts/p1': { body: post() },
      'GET /api/posts/p1/similar': { body: { questions: [] } },
      'POST /api/admin/regenerate-image-embedding': override,
      ...extra,
    },
  });
  await app.user.click(await screen.findByRole('button', { name: 'Override detection: Image 1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Override Image Detection' });
  return { ...app, dialog };
}

async function submit(app: Awaited<ReturnType<typeof openDialog>>, name = 'awning window operator') {
  await app.user.type(within(app.dialog).getByLabelText('Corrected Object Name *'), name);
  await app.user.click(within(app.dialog).getByRole('button', { name: 'Regenerate Embedding' }));
}

describe('Override Image Detection dialog', () => {
  it('shows the current detection, the preview and the warning, and saves a correction', async () => {
    const app = await openDialog((body) => ({
      body: {
        newDetection: { object: (body as { userConfirmedObject: string }).userConfirmedObject },
        message: 'Detection updated successfully',
      },
    }));
    const d = within(app.dialog);
    expect(d.getByText('casement window operator')).toBeInTheDocument();
    expect(d.getByText('57%')).toBeInTheDocument();
    expect(d.getByText('operator')).toBeInTheDocument();
    expect(d.getByText('zinc die-cast')).toBeInTheDocument();
    expect(d.getByText('brand: Truth Hardware, part no. 23.10.00')).toBeInTheDocument();
    expect(d.getByText('Previous override').nextSibling).toHaveTextContent('None');
    expect(d.getByRole('img', { name: 'Image preview: Image 1' })).toHaveAttribute(
      'src',
      '/media/post-images/u1/a.jpg',
    );
    expect(d.getByText(/regenerates the AI embedding/)).toBeInTheDocument();

    await submit(app);
    expect(await toasts().findByText('Detection updated successfully')).toBeInTheDocument();
    expect(toasts().getByText('casement window operator → awning window operator')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = app.fetchMock.mock.calls.find(([url]) => String(url).includes('regenerate-image-embedding'))!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ imageId: IMG, userConfirmedObject: 'awning window operator' });
  });

  it("refuses a blank name with 'Object name required' and sends nothing", async () => {
    const app = await openDialog({ body: {} });
    await submit(app, '   ');
    expect(await toasts().findByText('Object name required')).toBeInTheDocument();
    expect(toasts().getByText('Please enter a corrected object name')).toBeInTheDocument();
    expect(within(app.dialog).getByText('Please enter a corrected object name')).toBeInTheDocument();
    expect(within(app.dialog).getByLabelText('Corrected Object Name *')).toHaveAttribute('aria-invalid', 'true');
    expect(app.fetchMock.mock.calls.some(([url]) => String(url).includes('regenerate-image-embedding'))).toBe(false);
  });

  it.each([
    [503, 'Override service isn’t available yet. Please retry in 20–30 seconds.'],
    [401, 'You need admin/moderator access to override detections.'],
    [403, 'You need admin/moderator access to override detections.'],
    [429, 'Rate limits exceeded. Please wait a moment and try again.'],
    [402, 'Payment required for AI usage. Please add credits and try again.'],
  ])('maps %s to its message', async (status, message) => {
    const app = await openDialog(
      { status, body: { message: 'something else' } },
      { 'GET /api/me': { body: { me: moderator } } },
    );
    await submit(app);
    expect(await toasts().findByText('Failed to update detection')).toBeInTheDocument();
    expect(toasts().getByText(message)).toBeInTheDocument();
    // The dialog stays open with the name, to try again.
    expect(within(app.dialog).getByLabelText('Corrected Object Name *')).toHaveValue('awning window operator');
  });

  it('maps a fetch that throws to the not-available message', async () => {
    const app = await openDialog(() => {
      throw new TypeError('Failed to fetch');
    });
    await submit(app);
    expect(
      await toasts().findByText('Override service isn’t available yet. Please retry in 20–30 seconds.'),
    ).toBeInTheDocument();
  });

  it("shows the server's own text, or the fallback when it gives none", async () => {
    const app = await openDialog({ status: 404, body: { message: 'Not found' } });
    await submit(app);
    expect(await toasts().findByText('Not found')).toBeInTheDocument();
  });

  it('falls back to its own words when the server gives no text', async () => {
    const app = await openDialog({ status: 500, body: {} });
    await submit(app);
    expect(await toasts().findByText('An error occurred while regenerating the embedding')).toBeInTheDocument();
  });

  it("reads 'Regenerating...' while busy", async () => {
    let release: () => void = () => {};
    const app = await openDialog({ body: {} });
    app.fetchMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              new Response(JSON.stringify({ newDetection: { object: 'x' } }), {
                headers: { 'content-type': 'application/json' },
              }),
            );
        }),
    );
    await submit(app);
    expect(await within(app.dialog).findByRole('button', { name: 'Regenerating...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows staff Retry on a failed detection; a member sees neither button', async () => {
    const { user } = renderApp('/post/p1', {
      me: moderator,
      handlers: {
        'GET /api/posts/p1': { body: post({}, { status: 'failed', object: null, confidence: null }) },
        'GET /api/posts/p1/similar': { body: { questions: [] } },
        [`POST /api/admin/images/${IMG}/retry-detection`]: { body: { status: 'queued' } },
      },
    });
    expect(await screen.findByText('Detection failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry: Image 1' }));
    expect(await toasts().findByText('Detection queued again')).toBeInTheDocument();
  });

  it('never shows the override button to a member', async () => {
    renderApp('/post/p1', {
      me: member,
      handlers: {
        'GET /api/posts/p1': { body: post({ canModerate: false, canOverrideDetection: false }) },
        'GET /api/posts/p1/similar': { body: { questions: [] } },
      },
    });
    expect(await screen.findByText('casement window operator')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Override detection/ })).not.toBeInTheDocument();
  });
});
