import { Moon, Sun } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { setTheme, useTheme } from '../theme-store';

/** Sun/moon button in the header, for visitors and members. */
export function ThemeToggle() {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button variant="ghost" size="icon" aria-label={`Switch to ${next} theme`} onClick={() => setTheme(next)}>
      {theme === 'dark' ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </Button>
  );
}
