import { isPresetAvatar, type PictureCopies } from '@fenestra/shared';
import { cn } from '../../lib/cn';
import { AvatarImage } from './avatar-image';
import { PresetAvatarArt } from './preset-avatar-art';

const SIZES = {
  sm: { box: 'size-7', initial: 'text-sm', px: 28 },
  md: { box: 'size-10', initial: 'text-base', px: 40 },
  lg: { box: 'size-16', initial: 'text-2xl', px: 64 },
  xl: { box: 'size-24', initial: 'text-4xl', px: 96 },
} as const;

export interface AvatarProps {
  /** A preset emoji, the URL of an uploaded picture, or null. */
  avatarUrl: string | null;
  /** An uploaded picture's WebP copies, when the answer gave them. */
  copies?: PictureCopies;
  /** Whose avatar: its first letter stands in when there is no picture. */
  username: string;
  size?: keyof typeof SIZES;
  /**
   * The avatar's accessible name. Without it the avatar is decorative (the username is written beside
   * it, or the control around it is named).
   */
  label?: string;
  className?: string;
}

// Only our own upload paths or http(s) URLs become an <img>; anything else falls back to the initial.
const isImageUrl = (value: string) => /^(https?:\/\/|\/)/.test(value);

/** A member's picture: an uploaded image, a preset avatar (drawn), or the username's first letter. */
export function Avatar({ avatarUrl, copies, username, size = 'sm', label, className }: AvatarProps) {
  const { box, initial, px } = SIZES[size];
  const base = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-accent-fg select-none',
    box,
    className,
  );
  const named = label ? ({ role: 'img', 'aria-label': label } as const) : ({ 'aria-hidden': true } as const);
  if (isPresetAvatar(avatarUrl)) {
    return (
      <span className={base} {...named}>
        <PresetAvatarArt preset={avatarUrl} />
      </span>
    );
  }
  if (avatarUrl && isImageUrl(avatarUrl)) {
    return (
      <AvatarImage url={avatarUrl} copies={copies} px={px} alt={label ?? ''} className={cn(base, 'object-cover')} />
    );
  }
  return (
    <span className={cn(base, initial, 'font-semibold uppercase')} {...named}>
      {username.charAt(0) || '?'}
    </span>
  );
}
