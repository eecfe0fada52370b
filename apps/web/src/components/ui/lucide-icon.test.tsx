import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LucideIcon } from 'lucide-react';
import * as sunModule from 'lucide-react/dist/esm/icons/sun.mjs';
import * as thumbsUpModule from 'lucide-react/dist/esm/icons/thumbs-up.mjs';
import { lucideIcon, type LucideIconData } from './lucide-icon';

// Each icon module's exports, as the build's plugin reads them (its typings declare the default export only).
type IconModule = { __iconData: LucideIconData; default: LucideIcon };
const { __iconData: sun, default: LucideSun } = sunModule as unknown as IconModule;
const { __iconData: thumbsUp, default: LucideThumbsUp } = thumbsUpModule as unknown as IconModule;

// The build draws lucide's icons with lucideIcon (vite.config.ts, lucideIconsDrawnHere): the same markup as
// lucide-react's own component for what the app passes. A lucide-react upgrade that changes its <svg> fails here.
describe('lucideIcon', () => {
  it.each([
    ['sun', sun, LucideSun],
    ['thumbs-up', thumbsUp, LucideThumbsUp],
  ] as const)('draws %s as lucide-react does', (_name, data, Lucide) => {
    const Ours = lucideIcon(data);
    for (const props of [
      { className: 'size-4 shrink-0', 'aria-hidden': true },
      { className: 'size-4' },
      { 'aria-label': 'Sun' },
      {},
    ]) {
      expect(renderToStaticMarkup(<Ours {...props} />)).toBe(renderToStaticMarkup(<Lucide {...props} />));
    }
  });
});
