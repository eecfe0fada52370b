import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { LIMITS, tagAddError } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

interface TagsFieldProps {
  tags: string[];
  onChange: (tags: string[]) => void;
  /** A message from the form's own validation (askSchema), shown when there is no add error. */
  error?: string;
}

/** Tags typed one at a time: Enter or Add checks the tag, each added tag is a removable chip. */
export function TagsField({ tags, onChange, error }: TagsFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const shownError = addError ?? error;

  function add() {
    const problem = tagAddError(draft, tags);
    setAddError(problem);
    if (problem) return;
    onChange([...tags, draft.trim()]);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the tag rather than submitting the question (but not mid-composition in an IME).
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add();
  }

  function remove(tag: string) {
    onChange(tags.filter((t) => t !== tag));
    setAddError(null);
    inputRef.current?.focus();
  }

  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline gap-2">
        <Label htmlFor={inputId}>Tags</Label>
        <span className="text-xs text-muted">Optional</span>
      </div>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={inputId}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (addError) setAddError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="e.g. casement, espagnolette"
          autoComplete="off"
          enterKeyHint="done"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted">
        Up to {LIMITS.tags.max} tags of {LIMITS.tags.min}-{LIMITS.tags.maxLength} letters, numbers, spaces or dashes. Press Enter to add.
      </p>
      {shownError && (
        <p id={errorId} className="text-sm text-danger">
          {shownError}
        </p>
      )}
      {tags.length > 0 && (
        <ul aria-label="Added tags" className="flex flex-wrap gap-2 pt-1">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-accent py-1 pr-1 pl-3 text-sm text-accent-fg">
              {tag}
              <button
                type="button"
                onClick={() => remove(tag)}
                aria-label={`Remove tag ${tag}`}
                className="cursor-pointer rounded-full p-0.5 hover:bg-surface-muted"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
