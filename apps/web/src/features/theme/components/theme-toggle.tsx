import { Moon, Sun } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toggleTheme } from '../theme-store';

/**
 * Sun/moon button in the header, for visitors and members. The theme is on the page before the app runs
 * (public/boot.js) and the server that draws the page cannot know it: the button holds both states and the root's
 * class shows one, so its name and icon are right from the first paint, and its first click always switches.
 */
export function ThemeToggle() {
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme}>
      <Moon className="size-5 dark:hidden" aria-hidden />
      <Sun className="hidden size-5 dark:block" aria-hidden />
      <span className="sr-only dark:hidden">Switch to dark theme</span>
      <span className="sr-only hidden dark:inline">Switch to light theme</span>
    </Button>
  );
}
