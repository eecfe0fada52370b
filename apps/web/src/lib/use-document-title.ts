import { useEffect } from 'react';

/** Sets the tab title: 'Sign in · Fenestra', or just 'Fenestra' without a page name. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · Fenestra` : 'Fenestra';
  }, [page]);
}
