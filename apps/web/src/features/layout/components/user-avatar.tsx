import type { Me } from '@fenestra/shared';
import { Avatar } from '../../../components/ui/avatar';

/** The signed-in member in the header: a preset emoji, an uploaded picture, or the username's first letter. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<Me, 'username' | 'avatarUrl' | 'avatarCopies'>;
  className?: string;
}) {
  return (
    <Avatar
      avatarUrl={user.avatarUrl}
      copies={user.avatarCopies}
      username={user.username}
      size="sm"
      className={className}
    />
  );
}
