import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { DestructiveButton } from './destructive-button';
import { Dialog, DialogClose, DialogContent } from './dialog';
import { Input } from './input';
import { Label } from './label';

interface ConfirmWordDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** The word to type; `matches` decides (case ignored for post actions, exact for deleting a member). */
  word: string;
  matches(typed: string): boolean;
  /** Shown under the field when the typed word does not match. */
  mismatch: string;
  /** The field's label; 'Type {word} to confirm' unless given. */
  label?: string;
  /** Turns a failed action into a message shown in the dialog; unset, the caller reports failures itself. */
  failureMessage?(failure: unknown): string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  destructive?: boolean;
  /** Runs the action with the word as typed; the dialog closes once it resolves. A rejection leaves it open. */
  onConfirm(typed: string): Promise<void>;
}

/** A dialog that asks for a typed word before an action that is hard to undo. */
export function ConfirmWordDialog(props: ConfirmWordDialogProps) {
  const { open, onOpenChange, word, matches, mismatch, busy } = props;
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const change = (next: boolean) => {
    if (!next) {
      setTyped('');
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches(typed)) {
      setError(mismatch);
      return;
    }
    setError(null);
    try {
      await props.onConfirm(typed);
    } catch (failure) {
      // Shown in the dialog: while it is open, everything outside it is hidden from assistive tech.
      if (props.failureMessage) setError(props.failureMessage(failure));
      return;
    }
    change(false);
  };

  const Confirm = props.destructive ? DestructiveButton : Button;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={props.title} description={props.description}>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {props.children}
          <div className="space-y-1.5">
            <Label htmlFor={inputId}>{props.label ?? `Type ${word} to confirm`}</Label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Confirm type="submit" disabled={busy}>
              {busy ? props.busyLabel : props.confirmLabel}
            </Confirm>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
