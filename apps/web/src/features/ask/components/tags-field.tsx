import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTags } from '../../../lib/tags-query';
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

/** How many existing tags are suggested while typing. */
const SUGGESTED = 6;

/**
 * Tags typed one at a time: Enter or Add checks the tag, each added tag is a removable chip. While typing, tags
 * already in use are suggested (a combobox: Down and Up move through them, Enter adds the one chosen, Escape closes).
 */
export function TagsField({ tags, onChange, error }: TagsFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const shownError = addError ?? error;
  const listId = `${inputId}-suggestions`;
  const typed = draft.trim().toLowerCase();
  const known = useTags(typed !== '');
  const suggestions =
    typed === ''
      ? []
      : (known.data?.tags ?? [])
          .filter(({ tag }) => tag.includes(typed) && !tags.some((t) => t.toLowerCase() === tag))
          .slice(0, SUGGESTED);
  const expanded = open && suggestions.length > 0;

  function add(value = draft) {
    const problem = tagAddError(value, tags);
    setAddError(problem);
    if (problem) return;
    onChange([...tags, value.trim()]);
    setDraft('');
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (expanded && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text typed: moving past either end comes back to it.
      setActive((current) => {
        const next = current + step;
        return next >= suggestions.length ? -1 : next < -1 ? suggestions.length - 1 : next;
      });
      return;
    }
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    // Enter adds the tag (the suggestion chosen, else what was typed) rather than submitting the question.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const chosen = expanded && active >= 0 ? suggestions[active]?.tag : undefined;
    add(chosen ?? draft);
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
            setOpen(true);
            setActive(-1);
            if (addError) setAddError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          placeholder="e.g. casement, espagnolette"
          autoComplete="off"
          enterKeyHint="done"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[hintId, shownError ? errorId : null].filter(Boolean).join(' ')}
        />
        <Button variant="secondary" onClick={() => add()}>
          Add
        </Button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="max-w-sm rounded-md border border-border bg-surface py-1 shadow-sm"
      >
        {expanded &&
          suggestions.map(({ tag, count }, i) => (
            <li
              key={tag}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Chosen with the pointer before the field loses focus.
              onMouseDown={(event) => {
                event.preventDefault();
                add(tag);
              }}
              className={`flex cursor-pointer justify-between gap-3 px-3 py-1.5 text-sm ${i === active ? 'bg-accent text-accent-fg' : 'text-fg hover:bg-surface-muted'}`}
            >
              <span>{tag}</span>
              <span className={i === active ? '' : 'text-muted'}>{count}</span>
            </li>
          ))}
      </ul>
      <p id={hintId} className="text-xs text-muted">
        Up to {LIMITS.tags.max} tags of {LIMITS.tags.min}-{LIMITS.tags.maxLength} letters, numbers, spaces or dashes.
        Press Enter to add.
      </p>
      {shownError && (
        <p id={errorId} className="text-sm text-danger">
          {shownError}
        </p>
      )}
      {tags.length > 0 && (
        <ul aria-label="Added tags" className="flex flex-wrap gap-2 pt-1">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-accent py-1 pr-1 pl-3 text-sm text-accent-fg"
            >
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
