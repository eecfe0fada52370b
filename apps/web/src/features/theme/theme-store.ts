import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY, THEMES, type Theme } from '@fenestra/shared';

/** The stored theme, when it is one we know; anything else counts as light and is left alone. */
export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : 'light';
  } catch {
    return 'light';
  }
}

const listeners = new Set<() => void>();

/** The theme on the page right now: public/boot.js set it before first paint. */
function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove(...THEMES);
  root.classList.add(theme);
  listeners.forEach((listener) => listener());
}

/** The user's choice: applied and remembered. */
export function setTheme(theme: Theme): void {
  applyTheme(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

/** The header's button: the other theme than the one on the page now. */
export function toggleTheme(): void {
  setTheme(currentTheme() === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
