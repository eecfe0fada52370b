import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadedFile } from '@fenestra/shared';
import { member, renderApp, type Handlers } from '../../../test/render-app';
import { compressImage } from '../../../lib/compress-image';
import { captureVideoThumbnail, readVideoDuration } from '../../../lib/media/video-probe';
import { FakeXhr, installFakeXhr } from '../../../lib/media/fake-xhr';

// jsdom decodes neither images nor video: our own wrappers around canvas and <video> are replaced.
vi.mock('../../../lib/compress-image', () => ({ compressImage: vi.fn() }));
vi.mock('../../../lib/media/video-probe', () => ({ readVideoDuration: vi.fn(), captureVideoThumbnail: vi.fn() }));

const MB = 1024 * 1024;
const description = 'The handle on our casement window snapped at the spindle. It has two screws and no markings.';

function fakeFile(name: string, type: string, size = 2000): File {
  const file = new File(['x'.repeat(Math.min(size, 4096))], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
const jpeg = (name: string, size?: number) => fakeFile(name, 'image/jpeg', size);

const uploaded = (n: number, extra: Partial<UploadedFile> = {}): UploadedFile => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  path: `u1/${n}.jpg`,
  publicUrl: `/uploads/post-images/u1/${n}.jpg`,
  mimeType: 'image/jpeg',
  fileSize: 1000,
  ...extra,
});

beforeEach(() => {
  installFakeXhr();
  vi.mocked(compressImage)
    .mockReset()
    .mockImplementation(async (file) => file);
  vi.mocked(readVideoDuration).mockReset().mockResolvedValue(42);
  vi.mocked(captureVideoThumbnail)
    .mockReset()
    .mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
});

async function openAsk(handlers: Handlers = {}) {
  const app = renderApp('/ask', {
    me: member,
    handlers: { 'GET /api/posts': { body: { posts: [], nextCursor: null, total: 0 } }, ...handlers },
  });
  const form = await screen.findByRole('form', { name: 'Ask a Question' });
  const picker = within(form).getByLabelText('Add photos or a video');
  return { ...app, form, picker };
}

/** Drops files on the zone: unlike the file dialog, a drop is not filtered by `accept`. */
function drop(picker: HTMLElement, files: File[]) {
  fireEvent.drop(picker.parentElement!, { dataTransfer: { files, types: ['Files'] } });
}

async function nextUpload(count = 1): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(count));
  return FakeXhr.sent[count - 1]!;
}

describe('media checks in the browser', () => {
  it('refuses more than 3 images', async () => {
    const { picker, user } = await openAsk();
    await user.upload(picker, [jpeg('1.jpg'), jpeg('2.jpg'), jpeg('3.jpg'), jpeg('4.jpg')]);
    expect(await screen.findByText('Maximum 3 images allowed')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('names an image over 5MB and a file of another type, and uploads the rest', async () => {
    const { picker } = await openAsk();
    drop(picker, [jpeg('big.jpg', 6 * MB), fakeFile('anim.gif', 'image/gif'), jpeg('ok.jpg')]);
    expect(await screen.findByText('big.jpg exceeds 5MB limit')).toBeInTheDocument();
    expect(screen.getByText('anim.gif is not a valid image type')).toBeInTheDocument();
    expect((await nextUpload()).fileNames('files')).toEqual(['ok.jpg']);
  });

  it('refuses a second video', async () => {
    const { picker } = await openAsk();
    drop(picker, [fakeFile('a.mp4', 'video/mp4'), fakeFile('b.mp4', 'video/mp4')]);
    expect(await screen.findByText('Maximum 1 video allowed')).toBeInTheDocument();
  });

  it('refuses other video types, big videos, long videos and unreadable ones', async () => {
    const { picker } = await openAsk();
    drop(picker, [fakeFile('clip.avi', 'video/x-msvideo')]);
    expect(await screen.findByText('Only MP4, WEBM, QUICKTIME videos are allowed')).toBeInTheDocument();
    drop(picker, [fakeFile('huge.mp4', 'video/mp4', 51 * MB)]);
    expect(await screen.findByText('Video must be less than 50MB')).toBeInTheDocument();
    vi.mocked(readVideoDuration).mockResolvedValueOnce(300);
    drop(picker, [fakeFile('long.mp4', 'video/mp4')]);
    expect(await screen.findByText('Video must be less than 5 minutes')).toBeInTheDocument();
    vi.mocked(readVideoDuration).mockResolvedValueOnce(null);
    drop(picker, [fakeFile('broken.webm', 'video/webm')]);
    expect(await screen.findByText('Invalid video file')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

describe('image uploads', () => {
  it('compresses, shows progress per file, previews the images and sends their ids with the question', async () => {
    vi.mocked(compressImage).mockImplementation(async (file) =>
      file.name === 'a.jpg' ? fakeFile('a.jpg', 'image/jpeg', 400) : fakeFile(file.name, file.type, file.size),
    );
    let sent: unknown;
    const { picker, user, form, location } = await openAsk({
      'POST /api/posts': (body) => ((sent = body), { status: 201, body: { id: 'p1', status: 'pending' } }),
    });
    await user.upload(picker, [jpeg('a.jpg', 1000), fakeFile('b.png', 'image/png', 1000)]);
    expect(await screen.findByText('Compressed a.jpg (saved 60%)')).toBeInTheDocument();

    const request = await nextUpload();
    expect(request.url).toBe('/api/uploads/images');
    expect(request.body?.get('purpose')).toBe('post');
    expect(request.fileNames('files')).toEqual(['a.jpg', 'b.png']);
    const submit = within(form).getByRole('button', { name: 'Submit Question' });
    expect(submit).toBeDisabled();

    // 400 of a.jpg and 1000 of b.png bytes, plus overhead: half the body sent covers a.jpg and part of b.png.
    request.progress(700, 1400);
    expect(screen.getByRole('progressbar', { name: 'a.jpg' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'b.png' })).toHaveAttribute('aria-valuenow', '30');

    await request.respond(200, { files: [uploaded(1), uploaded(2)] });
    expect(await screen.findByText('2 image(s) uploaded successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', '/uploads/post-images/u1/1.jpg');
    expect(within(form).getByRole('img', { name: 'Image 2' })).toBeInTheDocument();
    expect(submit).toBeEnabled();

    await user.selectOptions(within(form).getByLabelText('Topic'), 'Windows');
    await user.type(within(form).getByLabelText('Title'), 'Which handle is this?');
    await user.click(within(form).getByLabelText('Description'));
    await user.paste(description);
    await user.click(submit);
    expect(await screen.findByText('Question submitted for review!')).toBeInTheDocument();
    expect(sent).toMatchObject({ imageUploadIds: [uploaded(1).id, uploaded(2).id], videoUploadId: null });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('uploads the original when compression fails', async () => {
    vi.mocked(compressImage).mockRejectedValue(new Error('cannot decode'));
    const { picker, user } = await openAsk();
    await user.upload(picker, jpeg('odd.jpg'));
    expect(await screen.findByText('Could not compress odd.jpg, uploading original')).toBeInTheDocument();
    expect((await nextUpload()).fileNames('files')).toEqual(['odd.jpg']);
  });

  it("names the file that failed with the server's message", async () => {
    const { picker, user, form } = await openAsk();
    await user.upload(picker, [jpeg('a.jpg'), jpeg('b.jpg')]);
    const message = 'b.jpg is not a valid image type';
    await (await nextUpload()).respond(400, { error: 'VALIDATION', message, statusCode: 400, requestId: 'r' });
    expect(await screen.findByText('Failed to upload b.jpg')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(within(form).queryByRole('img', { name: 'Image 1' })).not.toBeInTheDocument();
    // The failed batch no longer counts against the limit.
    await user.upload(picker, [jpeg('c.jpg'), jpeg('d.jpg'), jpeg('e.jpg')]);
    expect((await nextUpload(2)).fileNames('files')).toEqual(['c.jpg', 'd.jpg', 'e.jpg']);
  });

  it('counts uploaded images against the limit, and removes one', async () => {
    let deleted = '';
    const { picker, user, form } = await openAsk({
      // The API answers 204; renderApp's Response cannot carry a 204 with its JSON body, and the client ignores it.
      [`DELETE /api/uploads/${uploaded(2).id}`]: () => ((deleted = uploaded(2).id), { status: 200 }),
      [`DELETE /api/uploads/${uploaded(1).id}`]: {
        status: 500,
        body: { error: 'INTERNAL', message: 'Something went wrong' },
      },
    });
    await user.upload(picker, [jpeg('a.jpg'), jpeg('b.jpg')]);
    await (await nextUpload()).respond(200, { files: [uploaded(1), uploaded(2)] });
    await screen.findByRole('img', { name: 'Image 2' });

    await user.upload(picker, [jpeg('c.jpg'), jpeg('d.jpg')]);
    expect(await screen.findByText('Maximum 3 images allowed')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Remove image 2' }));
    expect(await screen.findByText('Image removed')).toBeInTheDocument();
    expect(deleted).toBe(uploaded(2).id);
    expect(within(form).queryByRole('img', { name: 'Image 2' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Remove image 1' }));
    expect(await screen.findByText('Failed to remove image')).toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Image 1' })).toBeInTheDocument();

    await user.upload(picker, [jpeg('c.jpg'), jpeg('d.jpg')]);
    expect((await nextUpload(2)).fileNames('files')).toEqual(['c.jpg', 'd.jpg']);
  });
});

describe('video uploads', () => {
  it('validates, captures a thumbnail, uploads with progress, previews and removes the video', async () => {
    const videoFile = uploaded(5, {
      mimeType: 'video/mp4',
      thumbnailUrl: '/uploads/post-images/u1/5.jpg',
      duration: 42,
    });
    let sent: unknown;
    const { picker, user, form } = await openAsk({
      [`DELETE /api/uploads/${videoFile.id}`]: { status: 200 },
      'POST /api/posts': (body) => ((sent = body), { status: 201, body: { id: 'p1', status: 'pending' } }),
    });
    await user.upload(picker, fakeFile('clip.mp4', 'video/mp4', 10 * MB));
    expect(await screen.findByText('Video validated')).toBeInTheDocument();
    expect(await screen.findByText('Thumbnail generated')).toBeInTheDocument();

    const request = await nextUpload();
    expect(request.url).toBe('/api/uploads/video');
    expect(request.fileNames('video')).toEqual(['clip.mp4']);
    expect(request.body?.get('thumbnail')).toBeInstanceOf(Blob);
    request.progress(25, 100);
    expect(screen.getByRole('progressbar', { name: 'clip.mp4' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(form).getByRole('button', { name: 'Submit Question' })).toBeDisabled();

    await request.respond(200, { file: videoFile });
    expect(await screen.findByText('Video uploaded successfully')).toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Video thumbnail' })).toHaveAttribute('src', videoFile.thumbnailUrl);
    expect(within(form).getByText('0:42')).toBeInTheDocument();

    drop(picker, [fakeFile('second.mp4', 'video/mp4')]);
    expect(await screen.findByText('Maximum 1 video allowed')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Topic'), 'Doors');
    await user.type(within(form).getByLabelText('Title'), 'Door closer leaking oil');
    await user.click(within(form).getByLabelText('Description'));
    await user.paste(description);
    await user.click(within(form).getByRole('button', { name: 'Remove video' }));
    expect(await screen.findByText('Video removed')).toBeInTheDocument();
    expect(within(form).queryByText('0:42')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Submit Question' }));
    await screen.findByText('Question submitted for review!');
    expect(sent).toMatchObject({ imageUploadIds: [], videoUploadId: null });
  });

  it('sends a QuickTime video the browser cannot read without a thumbnail, shown as a plain tile', async () => {
    vi.mocked(readVideoDuration).mockResolvedValue(null);
    const { picker, user, form } = await openAsk();
    await user.upload(picker, fakeFile('door.mov', 'video/quicktime'));
    const request = await nextUpload();
    expect(request.body?.get('thumbnail')).toBeNull();
    expect(captureVideoThumbnail).not.toHaveBeenCalled();
    await request.respond(200, {
      file: uploaded(6, { mimeType: 'video/quicktime', thumbnailUrl: null, duration: 95 }),
    });
    expect(await screen.findByText('Video uploaded successfully')).toBeInTheDocument();
    expect(within(form).queryByRole('img', { name: 'Video thumbnail' })).not.toBeInTheDocument();
    expect(within(form).getByText('1:35')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Remove video' })).toBeInTheDocument();
  });

  it('reports a refused thumbnail and a refused video', async () => {
    const { picker, user } = await openAsk();
    await user.upload(picker, fakeFile('clip.mp4', 'video/mp4'));
    await (await nextUpload()).respond(400, { error: 'VALIDATION', message: 'Failed to upload thumbnail' });
    expect(await screen.findByText('Failed to upload thumbnail')).toBeInTheDocument();
    expect(screen.queryByText('Failed to upload video')).not.toBeInTheDocument();

    await user.upload(picker, fakeFile('clip.mp4', 'video/mp4'));
    await (await nextUpload(2)).respond(400, { error: 'VALIDATION', message: 'Video must be less than 5 minutes' });
    expect(await screen.findByText('Failed to upload video')).toBeInTheDocument();
    expect(screen.getByText('Video must be less than 5 minutes')).toBeInTheDocument();
  });
});
