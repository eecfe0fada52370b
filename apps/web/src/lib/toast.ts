import type { ExternalToast, toast as sonnerToast } from 'sonner';

// Toasts through sonner, whose code and stylesheet load just after the page (app/toast-host.tsx), not with it:
// they stay off every page's first load. The Toaster's live region is in the page before any toast is shown
// (screen readers announce only what changes in a region they already know); a toast asked for before it
// listens waits in a queue, so none is lost.

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner['success']>[0];

let sonner: Sonner | null = null;
const queue: ((t: Sonner) => void)[] = [];

function run(call: (t: Sonner) => void) {
  if (sonner) call(sonner);
  else queue.push(call);
}

/** ToastHost, once its Toaster listens: shows the toasts that waited. The returned function: it is gone. */
export function toasterReady(t: Sonner): () => void {
  sonner = t;
  for (const call of queue.splice(0)) call(t);
  return () => {
    sonner = null;
    // Tests unmount the app between cases: what one had not shown yet is not the next one's.
    queue.length = 0;
  };
}

export const toast = {
  success: (message: Message, data?: ExternalToast) => run((t) => void t.success(message, data)),
  error: (message: Message, data?: ExternalToast) => run((t) => void t.error(message, data)),
  warning: (message: Message, data?: ExternalToast) => run((t) => void t.warning(message, data)),
  dismiss: (id?: string | number) => run((t) => void t.dismiss(id)),
};
