import { useEffect, type ComponentProps } from 'react';
import { Toaster, toast } from 'sonner';
// sonner's own stylesheet as a file of ours: the CSP forbids the <style> tag it would inject (vite.config.ts).
import 'sonner/dist/styles.css';
import { toasterReady } from '../lib/toast';

/** sonner's Toaster (this module loads with the first toast); tells lib/toast once it listens. */
export function ToastHost(props: ComponentProps<typeof Toaster>) {
  // A parent's effect runs after its children's: the Toaster has subscribed by now.
  useEffect(() => toasterReady(toast), []);
  return <Toaster {...props} />;
}
