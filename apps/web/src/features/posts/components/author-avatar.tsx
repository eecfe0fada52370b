import { isPresetAvatar, type Author } from '@fenestra/shared';
import { cn } from '../../../lib/cn';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { PresetAvatarArt } from '../../../components/ui/preset-avatar-art';

const SIZES = {
  sm: { box: 'size-6', text: 'text-xs', px: 24 },
  md: { box: 'size-8', text: 'text-sm', px: 32 },
  lg: { box: 'size-10', text: 'text-base', px: 40 },
} as const;

interface AuthorAvatarProps {
  author: Pick<Author, 'id' | 'username' | 'avatarUrl' | 'avatarCopies'>;
  size?: keyof typeof SIZES;
  /** Above the fold (the first card of a list): fetched with the page rather than lazily. */
  eager?: boolean;
  className?: string;
}

/**
 * An uploaded picture, a preset avatar (drawn), or the username's initial; a deleted author ('unknown') shows '?'.
 * Decorative: the username is always written next to it.
 */
export function AuthorAvatar({ author, size = 'md', eager = false, className }: AuthorAvatarProps) {
  const { box, text, px } = SIZES[size];
  const base = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-accent-fg',
    box,
    className,
  );
  const avatar = author.avatarUrl;
  if (isPresetAvatar(avatar)) {
    return (
      <span className={base} aria-hidden>
        <PresetAvatarArt preset={avatar} />
      </span>
    );
  }
  if (avatar && /^(https?:\/\/|\/)/.test(avatar)) {
    return (
      <AvatarImage
        url={avatar}
        copies={author.avatarCopies}
        px={px}
        lazy={!eager}
        className={cn(base, 'object-cover')}
      />
    );
  }
  const unknown = author.id === null;
  return (
    <span className={cn(base, text, 'font-semibold uppercase', unknown && 'bg-surface-muted text-muted')} aria-hidden>
      {unknown ? '?' : author.username.charAt(0) || '?'}
    </span>
  );
}
