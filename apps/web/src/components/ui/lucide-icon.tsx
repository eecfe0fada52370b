import { createElement, forwardRef, type SVGProps } from 'react';

/** An icon's drawing, as each of lucide-react's icon modules exports it (`__iconData`). */
export interface LucideIconData {
  name: string;
  size?: number;
  node: readonly (readonly [string, Record<string, string | number>])[];
}

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

/**
 * The production build's lucide icon component (vite.config.ts, lucideIconsDrawnHere): the <svg> lucide-react's own
 * draws for what the app passes (a class, aria-* or any other SVG attribute), without its general machinery (context,
 * class and attribute builders, absolute stroke widths): ~1.2 KB gzip of the first load.
 */
export function lucideIcon({ name, size: box = 24, node }: LucideIconData) {
  return forwardRef<SVGSVGElement, IconProps>(function LucideIcon(
    { className, size = 24, color = 'currentColor', children, ...rest },
    ref,
  ) {
    // As lucide's: hidden from assistive technology unless labelled.
    const labelled =
      children != null ||
      Object.entries(rest).some(([k, v]) => v != null && (k.startsWith('aria-') || k === 'role' || k === 'title'));
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: 'none',
        stroke: color,
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: ['lucide', `lucide-${name}`, className].filter(Boolean).join(' '),
        'aria-hidden': labelled ? undefined : 'true',
        ...rest,
      },
      node.map(([tag, attrs], i) => createElement(tag, { ...attrs, key: i })),
      children,
    );
  });
}
