import { useEffect } from 'react';
import { useSiteName } from './public-config';

/** Sets the tab title: 'Sign in · Fenestra', or just the site's name without a page name (its settings name it). */
export function useDocumentTitle(page?: string): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = page ? `${page} · ${siteName}` : siteName;
  }, [page, siteName]);
}
