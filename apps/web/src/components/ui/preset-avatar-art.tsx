import type { PresetAvatar } from '@fenestra/shared';
import { cn } from '../../lib/cn';

// The five preset avatars are stored as their emoji (SPEC: 'preset emoji avatars') but drawn by us: an emoji needs a
// colour-emoji font, and where none is installed it shows as an empty box. The drawings are files of their own
// (public/avatars), so they look the same everywhere and cost the page's code nothing.
const DRAWINGS: Record<PresetAvatar, string> = {
  '🪟': 'window',
  '🚪': 'door',
  '🔧': 'wrench',
  '🔨': 'hammer',
  '🏠': 'house',
};

/** A preset avatar's drawing, decorative (whatever holds it is named). */
export function PresetAvatarArt({ preset, className }: { preset: PresetAvatar; className?: string }) {
  const name = DRAWINGS[preset];
  return (
    <img
      src={`/avatars/${name}.svg`}
      alt=""
      width={24}
      height={24}
      data-preset-avatar={name}
      className={cn('size-[70%]', className)}
    />
  );
}
