import { useId, useRef } from 'react';
import { Camera, Lightbulb } from 'lucide-react';
import { IMAGE_TYPES, PHOTO_ADVICE_TEXT } from '@fenestra/shared';
import { Button } from '../ui/button';

const T = PHOTO_ADVICE_TEXT;

/**
 * What would settle which part it is (issue 24): the advice, and 'Add a photo', which opens the file chooser and
 * hands the chosen photo on (the post page adds it through the question's edit, the ask form to its photos).
 */
export function PhotoAdviceBox({
  text,
  busy = false,
  onFile,
}: {
  text: string;
  busy?: boolean;
  onFile: (file: File) => void | Promise<void>;
}) {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const picked = async (file: File | undefined) => {
    try {
      if (file) await onFile(file);
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border border-border bg-surface-muted p-4 text-sm text-fg"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Lightbulb className="size-4 text-muted" aria-hidden />
        {T.title}
      </h2>
      <p>{text}</p>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => void picked(e.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        <Camera className="size-4" aria-hidden />
        {busy ? T.adding : T.addPhoto}
      </Button>
    </section>
  );
}
