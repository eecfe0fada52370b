import { PRESET_AVATARS, type Me } from '@fenestra/shared';
import { cn } from '../../../lib/cn';

/** A preset emoji, an uploaded picture, or the username's first letter. */
export function UserAvatar({ user, className }: { user: Pick<Me, 'username' | 'avatarUrl'>; className?: string }) {
  const base = cn('inline-flex size-7 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-accent-fg', className);
  const avatar = user.avatarUrl;
  if (avatar && (PRESET_AVATARS as readonly string[]).includes(avatar)) {
    return (
      <span className={cn(base, 'text-base')} aria-hidden>
        {avatar}
      </span>
    );
  }
  if (avatar && /^(https?:\/\/|\/)/.test(avatar)) {
    return <img src={avatar} alt="" className={cn(base, 'object-cover')} />;
  }
  return (
    <span className={cn(base, 'text-sm font-semibold uppercase')} aria-hidden>
      {user.username.charAt(0)}
    </span>
  );
}
