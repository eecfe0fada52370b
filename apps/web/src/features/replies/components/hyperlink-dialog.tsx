import { useState, type FormEvent, type ReactNode } from 'react';
import { formatHyperlink, hyperlinkSchema, MSG } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';

interface HyperlinkDialogProps {
  /** The button that opens the dialog; focus returns to it on Cancel or Escape. */
  trigger: ReactNode;
  /** Link Text starts as the words selected in the reply, if any. */
  initialText: () => string;
  /** Called with `[text](url)`, or the bare URL when Link Text is empty. */
  onInsert: (markup: string) => void;
}

/** The insert-hyperlink dialog: Link Text (optional) and URL (required, http or https only). */
export function HyperlinkDialog({ trigger, initialText, onInsert }: HyperlinkDialogProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setText(next ? initialText() : '');
    setUrl('');
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The reply form around this dialog must not submit too.
    event.stopPropagation();
    const parsed = hyperlinkSchema.safeParse({ text, url });
    if (!parsed.success) {
      setError(MSG.invalidHttpUrl);
      return;
    }
    onInsert(formatHyperlink(parsed.data));
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Insert a link"
        description="The link opens in a new tab. Without link text, the address itself is shown."
      >
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormField
            label={MSG.linkText}
            labelAside="Optional"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
          />
          <FormField
            label={MSG.linkUrl}
            type="url"
            inputMode="url"
            placeholder="https://"
            required
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              if (error) setError(null);
            }}
            error={error ?? undefined}
            autoComplete="off"
          />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit">Insert Link</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
