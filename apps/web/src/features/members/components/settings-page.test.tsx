import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type Settings } from '@fenestra/shared';
import { compressImage } from '../../../lib/compress-image';
import { queryKeys } from '../../../lib/query-keys';
import { member, renderApp, type Handlers } from '../../../test/render-app';
import { makeSettings, sentBodies } from '../testing/member-fixtures';

// jsdom cannot decode images: the canvas-based compressor is replaced (it hands back the file).
vi.mock('../../../lib/compress-image', () => ({ compressImage: vi.fn() }));

beforeEach(() => {
  vi.mocked(compressImage)
    .mockReset()
    .mockImplementation(async (file) => file);
});

async function openSettings(handlers: Handlers = {}, settings: Settings = makeSettings(), me = member) {
  const app = renderApp('/settings', { me, handlers: { 'GET /api/settings': { body: settings }, ...handlers } });
  await screen.findByRole('form', { name: 'Account settings' });
  return app;
}

const field = (name: string) => screen.getByLabelText(name);
const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-sonner-toast] [data-title]' });
const save = () => screen.getByRole('button', { name: 'Save Changes' });
// The email switches: the push card below has one of each kind too, named 'Push: ...'.
const emailSwitch = (name: string) =>
  within(screen.getByRole('group', { name: 'Email me when' })).getByRole('checkbox', { name });

async function replaceText(app: Awaited<ReturnType<typeof openSettings>>, label: string, text: string) {
  const input = field(label);
  await app.user.clear(input);
  if (text) {
    await app.user.click(input);
    await app.user.paste(text);
  }
}

describe('settings: loading', () => {
  it('shows Loading..., then the saved values, the read-only email and the six preferences', async () => {
    renderApp('/settings', { me: member, handlers: { 'GET /api/settings': { body: makeSettings() } } });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Username')).toHaveValue('casey');
    expect(field('Bio')).toHaveValue('I restore old sash windows.');
    expect(screen.getByText('27/500')).toBeInTheDocument();
    const email = field('Email');
    expect(email).toHaveValue('casey@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(MSG.emailReadOnly);
    expect(emailSwitch('Mentions')).toBeChecked();
    expect(emailSwitch('Replies to my questions')).toBeChecked();
    expect(emailSwitch('My question approved')).toBeChecked();
    expect(emailSwitch('My question denied')).not.toBeChecked();
    expect(emailSwitch('My question solved')).toBeChecked();
    expect(emailSwitch('Account banned')).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeInTheDocument();
  });

  it('names the push switches apart from the email switches of the same kind', async () => {
    await openSettings();
    const push = within(await screen.findByRole('group', { name: 'Push me when' }));
    // Email 'My question denied' is off, push 'My question denied' on: each name reaches its own switch.
    expect(push.getByRole('checkbox', { name: 'Push: Mentions' })).toBeChecked();
    expect(push.getByRole('checkbox', { name: 'Push: My question denied' })).toBeChecked();
    expect(push.queryByRole('checkbox', { name: 'Mentions' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: 'Mentions' })).toEqual([emailSwitch('Mentions')]);
    expect(screen.getAllByRole('checkbox', { name: 'My question denied' })).toEqual([
      emailSwitch('My question denied'),
    ]);
  });

  it("toasts 'Failed to load profile data' when the settings cannot be read", async () => {
    renderApp('/settings', {
      me: member,
      handlers: { 'GET /api/settings': { status: 500, body: { message: 'boom' } } },
    });
    expect(await screen.findAllByText(MSG.failedLoadProfileData)).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('settings: profile fields', () => {
  it.each([
    ['ab', MSG.usernameMin],
    ['a'.repeat(31), MSG.usernameMax],
    ['bad name!', MSG.usernameChars],
  ])('refuses the username %j at the field without sending', async (username, message) => {
    const app = await openSettings();
    await replaceText(app, 'Username', username);
    await app.user.click(save());
    await waitFor(() => expect(field('Username')).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(app.fetchMock, 'PATCH', '/api/settings/profile')).toHaveLength(0);
  });

  it.each(['abc', 'a'.repeat(30), 'new_name-2'])('accepts the username %j and sends only it', async (username) => {
    const app = await openSettings({
      'PATCH /api/settings/profile': (body) => ({ body: { bio: 'I restore old sash windows.', ...(body as object) } }),
    });
    await replaceText(app, 'Username', username);
    await app.user.click(save());
    expect(await screen.findByText(MSG.settingsSaved)).toBeInTheDocument();
    expect(sentBodies(app.fetchMock, 'PATCH', '/api/settings/profile')).toEqual([{ username }]);
    // The header shows the new name at once.
    expect(within(screen.getByRole('banner')).getByRole('button', { name: /^User menu/ })).toHaveTextContent(username);
  });

  it('takes a bio of 500 characters and refuses 501 with its message', async () => {
    const app = await openSettings({
      'PATCH /api/settings/profile': (body) => ({ body: { username: 'casey', ...(body as object) } }),
    });
    await replaceText(app, 'Bio', 'b'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    await app.user.click(save());
    await waitFor(() => expect(field('Bio')).toHaveAccessibleDescription(expect.stringContaining(MSG.bioMax)));
    expect(sentBodies(app.fetchMock, 'PATCH', '/api/settings/profile')).toHaveLength(0);

    await app.user.type(field('Bio'), '{Backspace}');
    await waitFor(() => expect(field('Bio')).not.toHaveAccessibleDescription(expect.stringContaining(MSG.bioMax)));
    await app.user.click(save());
    expect(await screen.findByText(MSG.settingsSaved)).toBeInTheDocument();
    expect(sentBodies(app.fetchMock, 'PATCH', '/api/settings/profile')).toEqual([{ bio: 'b'.repeat(500) }]);
  });

  it("shows the server's 'Username is already taken' at the field", async () => {
    const app = await openSettings({
      'PATCH /api/settings/profile': {
        status: 409,
        body: { error: 'USERNAME_TAKEN', message: MSG.usernameTaken, field: 'username' },
      },
    });
    await replaceText(app, 'Username', 'jordan');
    await app.user.click(save());
    // SPEC's text is the toast's own title, not a line under a generic one.
    expect(await toastTitle(MSG.usernameTaken)).toBeInTheDocument();
    expect(screen.queryByText(MSG.failedSaveSettings)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(field('Username')).toHaveAccessibleDescription(expect.stringContaining(MSG.usernameTaken)),
    );
    expect(field('Username')).toHaveValue('jordan');
  });

  it('Cancel restores the saved values', async () => {
    const app = await openSettings();
    await replaceText(app, 'Username', 'someone_else');
    await replaceText(app, 'Bio', 'Different');
    await app.user.click(emailSwitch('Mentions'));
    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('Username')).toHaveValue('casey');
    expect(field('Bio')).toHaveValue('I restore old sash windows.');
    expect(emailSwitch('Mentions')).toBeChecked();
  });

  it('says the settings are saved without sending anything when nothing changed', async () => {
    const app = await openSettings();
    await app.user.click(save());
    expect(await screen.findByText(MSG.settingsSaved)).toBeInTheDocument();
    const writes = app.fetchMock.mock.calls.filter(
      ([, init]) => (init as RequestInit | undefined)?.method && (init as RequestInit).method !== 'GET',
    );
    expect(writes).toHaveLength(0);
  });
});

describe('settings: password', () => {
  const passwordCalls = (app: Awaited<ReturnType<typeof openSettings>>) =>
    sentBodies(app.fetchMock, 'POST', '/api/account/change-password');

  it('sends nothing and asks for the current password when only the new ones are filled', async () => {
    const app = await openSettings();
    await app.user.type(field('New password'), 'Sturdy-Hinge9');
    await app.user.type(field('Confirm new password'), 'Sturdy-Hinge9');
    await app.user.click(save());
    await waitFor(() => expect(field('Current password')).toHaveAccessibleDescription(MSG.currentPasswordRequired));
    expect(passwordCalls(app)).toHaveLength(0);
  });

  it('leaves the password alone when only the current one is typed', async () => {
    const app = await openSettings();
    await app.user.type(field('Current password'), 'Old-Password1');
    await app.user.click(save());
    expect(await screen.findByText(MSG.settingsSaved)).toBeInTheDocument();
    expect(passwordCalls(app)).toHaveLength(0);
  });

  it('says "Passwords don\'t match" at the confirmation', async () => {
    const app = await openSettings();
    await app.user.type(field('Current password'), 'Old-Password1');
    await app.user.type(field('New password'), 'Sturdy-Hinge9');
    await app.user.type(field('Confirm new password'), 'Sturdy-Hinge8');
    await app.user.click(save());
    await waitFor(() => expect(field('Confirm new password')).toHaveAccessibleDescription(MSG.passwordsDontMatch));
    expect(passwordCalls(app)).toHaveLength(0);
  });

  it('focuses the field in error once: a field the member moves to next keeps the focus and what is typed there', async () => {
    const app = await openSettings();
    await app.user.type(field('Current password'), 'Old-Password1');
    await app.user.type(field('New password'), 'Sturdy-Hinge9');
    await app.user.type(field('Confirm new password'), 'Sturdy-Hinge8');
    field('New password').focus();
    // Timers held back, as on a busy machine where the member moves on before any timer runs: the save is checked
    // (promises only), then the member goes to the current password, then the timers the failed save left run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(save());
      for (let turn = 0; turn < 100 && !field('Confirm new password').hasAttribute('aria-invalid'); turn++)
        await act(() => Promise.resolve());
      expect(field('Confirm new password')).toHaveAccessibleDescription(MSG.passwordsDontMatch);
      expect(field('Confirm new password')).toHaveFocus();
      act(() => field('Current password').focus());
      act(() => vi.runOnlyPendingTimers());
    } finally {
      vi.useRealTimers();
    }
    expect(field('Current password')).toHaveFocus();
    await app.user.keyboard('X');
    expect(field('Current password')).toHaveValue('Old-Password1X');
    expect(field('Confirm new password')).toHaveValue('Sturdy-Hinge8');
  });

  it('applies the new password rules', async () => {
    const app = await openSettings();
    await app.user.type(field('Current password'), 'Old-Password1');
    await app.user.type(field('New password'), 'lowercase1');
    await app.user.type(field('Confirm new password'), 'lowercase1');
    await app.user.click(save());
    await waitFor(() =>
      expect(field('New password')).toHaveAccessibleDescription(expect.stringContaining(MSG.passwordStrength)),
    );
    expect(passwordCalls(app)).toHaveLength(0);
  });

  it('shows the long message when the current password is wrong', async () => {
    const app = await openSettings({
      'POST /api/account/change-password': {
        status: 400,
        body: { error: 'WRONG_PASSWORD', message: MSG.failedPasswordCheck },
      },
    });
    await app.user.type(field('Current password'), 'Not-Mine1');
    await app.user.type(field('New password'), 'Sturdy-Hinge9');
    await app.user.type(field('Confirm new password'), 'Sturdy-Hinge9');
    await app.user.click(save());
    await waitFor(() => expect(field('Current password')).toHaveAccessibleDescription(MSG.failedPasswordCheck));
    expect(await toastTitle(MSG.failedPasswordCheck)).toBeInTheDocument();
    expect(screen.queryByText(MSG.failedSaveSettings)).not.toBeInTheDocument();
    // Kept, to correct and retry.
    expect(field('New password')).toHaveValue('Sturdy-Hinge9');
  });

  it('saves the password on a retry after a wrong current password', async () => {
    let attempts = 0;
    const app = await openSettings({
      'POST /api/account/change-password': () =>
        ++attempts === 1
          ? { status: 400, body: { error: 'WRONG_PASSWORD', message: MSG.failedPasswordCheck } }
          : { body: {} },
    });
    await app.user.type(field('Current password'), 'Not-Mine1');
    await app.user.type(field('New password'), 'Sturdy-Hinge9');
    await app.user.type(field('Confirm new password'), 'Sturdy-Hinge9');
    await app.user.click(save());
    await waitFor(() => expect(field('Current password')).toHaveAccessibleDescription(MSG.failedPasswordCheck));
    await app.user.clear(field('Current password'));
    await app.user.type(field('Current password'), 'Old-Password1');
    await app.user.click(save());
    expect(await screen.findByText(MSG.passwordUpdated)).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('stays signed in when its old session ends before the answer brings the new one', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    let session: 'old' | 'ended' | 'new' = 'old';
    const app = await openSettings({
      // The old cookie's session ends as the server changes the password, before its answer brings the new one.
      'POST /api/account/change-password': () => {
        session = 'ended';
        return new Promise((resolve) => (answer = resolve));
      },
      'GET /api/me': () => ({ body: { me: session === 'ended' ? null : member } }),
    });
    await app.user.type(field('Current password'), 'Old-Password1');
    await app.user.type(field('New password'), 'Sturdy-Hinge9');
    await app.user.type(field('Confirm new password'), 'Sturdy-Hinge9');
    await app.user.click(save());
    await waitFor(() => expect(passwordCalls(app)).toHaveLength(1));
    // The live stream hears the old session end (session.revoked): /api/me is asked with the old cookie.
    const asked = () => app.fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/me')).length;
    const before = asked();
    await act(() => app.queryClient.invalidateQueries({ queryKey: queryKeys.me }));
    expect(asked()).toBe(before + 1);
    expect(screen.queryByText(MSG.sessionEnded)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /User menu/ })).toBeInTheDocument();
    session = 'new';
    await act(async () => answer({ body: { ok: true } }));
    expect(await screen.findByText(MSG.passwordUpdated)).toBeInTheDocument();
    // Asked again with the new session once the answer came.
    await waitFor(() => expect(asked()).toBe(before + 2));
    expect(screen.getByRole('button', { name: /User menu/ })).toBeInTheDocument();
    expect(screen.queryByText(MSG.sessionEnded)).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Account settings' })).toBeInTheDocument();
  });

  it("toasts 'Password updated!' and clears the fields", async () => {
    const app = await openSettings({ 'POST /api/account/change-password': { body: {} } });
    await app.user.type(field('Current password'), 'Old-Password1');
    await app.user.type(field('New password'), 'Sturdy-Hinge9');
    await app.user.type(field('Confirm new password'), 'Sturdy-Hinge9');
    await app.user.click(save());
    expect(await screen.findByText(MSG.passwordUpdated)).toBeInTheDocument();
    expect(passwordCalls(app)).toEqual([{ currentPassword: 'Old-Password1', newPassword: 'Sturdy-Hinge9' }]);
    for (const label of ['Current password', 'New password', 'Confirm new password'])
      expect(field(label)).toHaveValue('');
  });

  it('offers a Google member the reset email instead of password fields', async () => {
    const app = await openSettings(
      { 'POST /api/account/forgot-password': { body: {} } },
      makeSettings({ hasPassword: false }),
      {
        ...member,
        hasPassword: false,
      },
    );
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByText(MSG.setPasswordViaReset, { exact: false })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Send password email' }));
    expect(await screen.findByText(MSG.checkEmail)).toBeInTheDocument();
    expect(sentBodies(app.fetchMock, 'POST', '/api/account/forgot-password')).toEqual([{ email: 'casey@example.com' }]);
  });
});

describe('settings: email preferences and partial failures', () => {
  it('sends only the preferences when only a checkbox changed', async () => {
    const app = await openSettings({ 'PUT /api/settings/email-preferences': (body) => ({ body }) });
    await app.user.click(emailSwitch('My question denied'));
    await app.user.click(save());
    expect(await screen.findByText(MSG.settingsSaved)).toBeInTheDocument();
    expect(sentBodies(app.fetchMock, 'PUT', '/api/settings/email-preferences')).toEqual([
      { mentions: true, replies: true, approved: true, denied: true, solved: true, banned: true, accepted: true },
    ]);
    expect(sentBodies(app.fetchMock, 'PATCH', '/api/settings/profile')).toHaveLength(0);
    expect(sentBodies(app.fetchMock, 'POST', '/api/account/change-password')).toHaveLength(0);
    expect(emailSwitch('My question denied')).toBeChecked();
  });

  it('titles the toast with the one part that failed, and keeps what saved', async () => {
    const app = await openSettings({
      'PATCH /api/settings/profile': (body) => ({ body: { bio: 'I restore old sash windows.', ...(body as object) } }),
      'PUT /api/settings/email-preferences': { status: 500, body: { message: 'Internal Server Error' } },
    });
    await replaceText(app, 'Username', 'casey_k');
    await app.user.click(emailSwitch('Account banned'));
    await app.user.click(save());
    expect(await toastTitle(MSG.failedEmailPreferences)).toBeInTheDocument();
    // The profile part was saved; the failed preference keeps what was chosen.
    expect(field('Username')).toHaveValue('casey_k');
    expect(emailSwitch('Account banned')).not.toBeChecked();
  });

  it("says 'Failed to save settings' when every part failed", async () => {
    const app = await openSettings({
      'PATCH /api/settings/profile': { status: 500, body: { message: 'Internal Server Error' } },
      'PUT /api/settings/email-preferences': { status: 500, body: { message: 'Internal Server Error' } },
    });
    await replaceText(app, 'Bio', 'Glazier since 1998.');
    await app.user.click(emailSwitch('Mentions'));
    await app.user.click(save());
    expect(await toastTitle(MSG.failedSaveSettings)).toBeInTheDocument();
    expect(screen.getByText(`${MSG.failedProfile} ${MSG.failedEmailPreferences}`)).toBeInTheDocument();
  });
});

describe('settings: avatar', () => {
  it('applies a preset at once, toasts, and shows it in the header', async () => {
    const app = await openSettings({ 'PUT /api/settings/avatar': { body: { avatarUrl: '🪟' } } });
    const preset = screen.getByRole('button', { name: 'Use 🪟 as avatar' });
    expect(preset).toHaveAttribute('aria-pressed', 'false');
    await app.user.click(preset);
    expect(await screen.findByText(MSG.avatarUpdated)).toBeInTheDocument();
    expect(sentBodies(app.fetchMock, 'PUT', '/api/settings/avatar')).toEqual([{ kind: 'preset', emoji: '🪟' }]);
    expect(
      within(screen.getByRole('banner'))
        .getByRole('button', { name: /^User menu/ })
        .querySelector('img[data-preset-avatar="window"]'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use 🪟 as avatar' })).toHaveAttribute('aria-pressed', 'true');
    // Drawn, not the emoji's character: an emoji needs a colour-emoji font, which not every machine has.
    const current = screen.getByRole('img', { name: 'Your current avatar' });
    expect(current.querySelector('img[data-preset-avatar="window"]')).toBeInTheDocument();
    expect(current).not.toHaveTextContent('🪟');
    expect(screen.getByRole('button', { name: 'Use 🪟 as avatar' })).not.toHaveTextContent('🪟');
  });

  it("toasts 'Failed to update avatar' when the server refuses", async () => {
    const app = await openSettings({
      'PUT /api/settings/avatar': { status: 500, body: { message: 'Internal Server Error' } },
    });
    await app.user.click(screen.getByRole('button', { name: 'Use 🔧 as avatar' }));
    expect(await screen.findByText(MSG.failedAvatar)).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner'))
        .getByRole('button', { name: /^User menu/ })
        .querySelector('img[data-preset-avatar="wrench"]'),
    ).toBeNull();
  });

  it("offers 'Remove photo' for an uploaded photo", async () => {
    await openSettings({}, makeSettings({ avatarUrl: '/media/avatars/u1/me.jpg' }), {
      ...member,
      avatarUrl: '/media/avatars/u1/me.jpg',
    });
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove avatar' })).not.toBeInTheDocument();
  });

  it("removes an emoji avatar with 'Remove avatar'", async () => {
    const app = await openSettings(
      { 'DELETE /api/settings/avatar': { body: { avatarUrl: null } } },
      makeSettings({ avatarUrl: '🏠' }),
      {
        ...member,
        avatarUrl: '🏠',
      },
    );
    expect(
      within(screen.getByRole('banner'))
        .getByRole('button', { name: /^User menu/ })
        .querySelector('img[data-preset-avatar="house"]'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Remove avatar' }));
    expect(await screen.findByText(MSG.avatarUpdated)).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner'))
        .getByRole('button', { name: /^User menu/ })
        .querySelector('img[data-preset-avatar="house"]'),
    ).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove avatar' })).not.toBeInTheDocument();
  });

  it('refuses a file of the wrong type or over 2MB before uploading', async () => {
    await openSettings();
    const input = field('Upload photo');
    fireEvent.change(input, { target: { files: [new File(['gif'], 'anim.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(MSG.invalidImageType('anim.gif'))).toBeInTheDocument();
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(MSG.filesTooLarge(2))).toBeInTheDocument();
    expect(compressImage).not.toHaveBeenCalled();
  });

  it('compresses to 512 px, uploads with purpose=avatar, then sets it', async () => {
    const sent: { url: string; form: FormData; respond: (status: number, body: unknown) => void }[] = [];
    class FakeXhr extends EventTarget {
      readonly upload = new EventTarget();
      status = 0;
      responseText = '';
      responseType = '';
      withCredentials = false;
      private url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      send(form: FormData) {
        sent.push({
          url: this.url,
          form,
          respond: (status, body) => {
            this.status = status;
            this.responseText = JSON.stringify(body);
            this.dispatchEvent(new Event('load'));
          },
        });
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const uploadId = '00000000-0000-4000-8000-000000000009';
    const avatarUrl = '/uploads/avatars/u1/face.png';
    const app = await openSettings({ 'PUT /api/settings/avatar': { body: { avatarUrl } } });

    await app.user.upload(field('Upload photo'), new File(['png'], 'face.png', { type: 'image/png' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(compressImage).toHaveBeenCalledWith(expect.objectContaining({ name: 'face.png' }), { maxPixels: 512 });
    expect(sent[0]!.url).toBe('/api/uploads/images');
    expect(sent[0]!.form.get('purpose')).toBe('avatar');
    expect((sent[0]!.form.get('files') as File).name).toBe('face.png');
    await act(async () =>
      sent[0]!.respond(200, {
        files: [{ id: uploadId, path: 'u1/face.png', publicUrl: avatarUrl, mimeType: 'image/png', fileSize: 10 }],
      }),
    );

    expect(await screen.findByText(MSG.avatarUpdated)).toBeInTheDocument();
    expect(sentBodies(app.fetchMock, 'PUT', '/api/settings/avatar')).toEqual([{ kind: 'upload', uploadId }]);
    expect(screen.getByRole('img', { name: 'Your current avatar' })).toHaveAttribute('src', avatarUrl);
    expect(
      within(screen.getByRole('banner'))
        .getByRole('button', { name: /^User menu/ })
        .querySelector('img'),
    ).toHaveAttribute('src', avatarUrl);
  });
});

describe('settings: delete account', () => {
  it('requires the exact word CONFIRM, then signs out and goes home', async () => {
    const app = await openSettings({
      'DELETE /api/settings/account': { body: {} },
      'GET /api/posts': { body: { posts: [], nextCursor: null, total: 0 } },
    });
    await app.user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('unknown');
    const confirm = within(dialog).getByLabelText('Type CONFIRM to delete your account');

    await app.user.type(confirm, 'confirm');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText(MSG.confirmWord('CONFIRM'))).toBeInTheDocument();
    expect(sentBodies(app.fetchMock, 'DELETE', '/api/settings/account')).toHaveLength(0);

    await app.user.clear(confirm);
    await app.user.type(confirm, 'CONFIRM');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(sentBodies(app.fetchMock, 'DELETE', '/api/settings/account')).toEqual([{ confirm: 'CONFIRM' }]);
    expect(await screen.findByText(MSG.accountDeleted)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.signInToAsk)).not.toBeInTheDocument();
  });

  it("shows the server's refusal for the last admin in the dialog", async () => {
    const app = await openSettings({
      'DELETE /api/settings/account': { status: 409, body: { error: 'LAST_ADMIN', message: MSG.lastAdminDelete } },
    });
    await app.user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByLabelText('Type CONFIRM to delete your account'), 'CONFIRM');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText(MSG.lastAdminDelete)).toBeInTheDocument();
    expect(app.location()).toBe('/settings');
  });

  it('Cancel closes the dialog without deleting', async () => {
    const app = await openSettings();
    await app.user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(app.fetchMock, 'DELETE', '/api/settings/account')).toHaveLength(0);
  });
});
