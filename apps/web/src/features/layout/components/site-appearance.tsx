import { useEffect } from 'react';
import { usePublicConfig } from '../../../lib/public-config';

/**
 * The site settings that live outside React's tree: the accent colour (the themes' --primary, checked by the server
 * for contrast in both) and the favicon. Renders nothing.
 */
export function SiteAppearance() {
  const { accentColor, faviconUrl } = usePublicConfig();
  useEffect(() => {
    const root = document.documentElement.style;
    if (accentColor) {
      root.setProperty('--primary', accentColor);
      root.setProperty('--primary-hover', `color-mix(in srgb, ${accentColor} 82%, black)`);
    } else {
      root.removeProperty('--primary');
      root.removeProperty('--primary-hover');
    }
  }, [accentColor]);
  useEffect(() => {
    if (!faviconUrl) return;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) return;
    const built = { href: icon.getAttribute('href'), type: icon.getAttribute('type') };
    icon.href = faviconUrl;
    icon.removeAttribute('type');
    return () => {
      if (built.href) icon.setAttribute('href', built.href);
      if (built.type) icon.setAttribute('type', built.type);
    };
  }, [faviconUrl]);
  return null;
}
