import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import themeInitScript from '../../../public/boot.js?raw';
import { renderApp } from '../../test/render-app';
import { ThemeToggle } from './components/theme-toggle';

// What the stylesheet's `hidden` and `dark:` classes do on the page (jsdom loads no stylesheet): the button's name
// comes from the text the root's theme class shows.
let themeRules: HTMLStyleElement;
beforeEach(() => {
  themeRules = document.createElement('style');
  themeRules.textContent =
    '.hidden { display: none } .dark .dark\\:hidden { display: none } .dark .dark\\:inline { display: inline }';
  document.head.append(themeRules);
});
afterEach(() => themeRules.remove());

function runThemeInit() {
  document.documentElement.className = '';
  // The script as the browser runs it: a classic script in the page's global scope.
  window.eval(themeInitScript);
}

describe('theme before first paint (public/boot.js)', () => {
  it('defaults to light', () => {
    runThemeInit();
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('applies a stored dark theme', () => {
    localStorage.setItem('theme', 'dark');
    runThemeInit();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('ignores a bogus stored value without overwriting it', () => {
    localStorage.setItem('theme', 'purple');
    runThemeInit();
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('purple');
    expect(localStorage.getItem('theme')).toBe('purple');
  });
});

describe('theme toggle', () => {
  it("is named for the stored theme in the server's HTML, before the app runs", () => {
    // The server draws the button without knowing the theme; boot.js sets the root's class before first paint.
    const serverHtml = document.createElement('div');
    serverHtml.innerHTML = renderToString(<ThemeToggle />);
    document.body.append(serverHtml);
    localStorage.setItem('theme', 'dark');
    runThemeInit();
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    localStorage.setItem('theme', 'light');
    runThemeInit();
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    serverHtml.remove();
  });

  it('switches on its first click after a reload with dark saved', async () => {
    localStorage.setItem('theme', 'dark');
    runThemeInit();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('switches to dark and back, remembering the choice', async () => {
    runThemeInit();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
