import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import themeInitScript from '../../../public/boot.js?raw';
import { renderApp } from '../../test/render-app';

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
