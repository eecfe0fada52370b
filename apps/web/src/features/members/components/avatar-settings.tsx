import { useId, type ChangeEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Upload } from 'lucide-react';
import { IMAGE_TYPES, MSG, PRESET_AVATARS } from '@fenestra/shared';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { PresetAvatarArt } from '../../../components/ui/preset-avatar-art';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useUpdateAvatar, type AvatarChange } from '../api/update-avatar';
import { AVATAR_MB, avatarFileError } from '../lib/avatar-file';

interface AvatarSettingsProps {
  avatarUrl: string | null;
  username: string;
}

/** Profile picture: upload a photo, pick one of the five preset emoji, or remove it. Applies at once. */
export function AvatarSettings({ avatarUrl, username }: AvatarSettingsProps) {
  const updateAvatar = useUpdateAvatar();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const busy = updateAvatar.isPending;

  function apply(change: AvatarChange) {
    if (busy) return;
    updateAvatar.mutate(change, {
      onSuccess: () => toast.success(MSG.avatarUpdated),
      onError: (error) => toast.error(MSG.failedAvatar, { description: errorMessage(error) }),
    });
  }

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const error = avatarFileError(file);
    if (error) {
      toast.error(error);
      return;
    }
    apply({ kind: 'file', file, onCompressFailed: () => toast.warning(MSG.couldNotCompress(file.name)) });
  }

  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
      <Avatar
        avatarUrl={avatarUrl}
        username={username}
        size="xl"
        label="Your current avatar"
        className={cn(busy && 'opacity-60')}
      />
      <div className="min-w-0 flex-1 space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="peer sr-only"
            aria-describedby={hintId}
            disabled={busy}
            onChange={onFileChosen}
          />
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center justify-center gap-2 rounded-md border border-border-strong bg-surface px-4 text-sm font-medium text-fg shadow-sm hover:bg-surface-muted',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            <Upload className="size-4" aria-hidden />
            {busy ? 'Updating...' : 'Upload photo'}
          </label>
          {avatarUrl && (
            <Button variant="ghost" disabled={busy} onClick={() => apply({ kind: 'remove' })}>
              {(PRESET_AVATARS as readonly string[]).includes(avatarUrl) ? 'Remove avatar' : 'Remove photo'}
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted">
          JPEG, PNG or WEBP, up to {AVATAR_MB}MB. Or pick one of these:
        </p>
        <div role="group" aria-label="Preset avatars" className="flex flex-wrap gap-2">
          {PRESET_AVATARS.map((emoji) => {
            const current = avatarUrl === emoji;
            return (
              <button
                key={emoji}
                type="button"
                aria-label={`Use ${emoji} as avatar`}
                aria-pressed={current}
                disabled={busy}
                onClick={() => (current ? undefined : apply({ kind: 'preset', emoji }))}
                className={cn(
                  'inline-flex size-11 cursor-pointer items-center justify-center rounded-full border-2 transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default disabled:opacity-60',
                  current ? 'border-primary bg-accent' : 'border-border bg-surface-muted hover:border-border-strong',
                )}
              >
                <PresetAvatarArt preset={emoji} className="size-7" />
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
