import {
  useId,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Bold, Code, Italic, Link as LinkIcon, List, ListOrdered, Quote } from 'lucide-react';
import { Avatar } from '../ui/avatar';
import { Textarea } from '../ui/textarea';
import '../member-text.css';
import { cn } from '../../lib/cn';
import { useMarkdownPreview } from '../../lib/composing/preview-markdown';
import { useMentionSuggestions } from '../../lib/composing/mention-suggestions';
import {
  linkSelection,
  mentionBeforeCaret,
  prefixLines,
  replaceRange,
  wrapSelection,
  type TextEdit,
} from '../../lib/composing/markdown-edits';

type TextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'ref'>;

interface MarkdownFieldProps extends TextareaProps {
  value: string;
  onChange: (value: string) => void;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /** The post replied to: its people come first in the '@' list. */
  postId?: string;
  /** Buttons of the form's own, at the toolbar's end (the reply form's Insert link). */
  extraTools?: ReactNode;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? 'Cmd' : 'Ctrl';

/** A toolbar button, named with its shortcut when it has one. */
function ToolButton(props: {
  label: string;
  keys?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const { label, keys, disabled, onClick, children } = props;
  const name = keys ? `${label} (${MOD}+${keys})` : label;
  return (
    <button
      type="button"
      aria-label={name}
      title={name}
      aria-keyshortcuts={keys ? `${isMac ? 'Meta' : 'Control'}+${keys}` : undefined}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-fg disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/**
 * A Markdown text box (issue 25 'Formatting'): Write / Preview (the server renders the preview, as the page will), a
 * toolbar whose bold, italic and link have Ctrl/Cmd+B, I and K, and '@' suggestions chosen with the arrow keys and
 * Enter (a listbox the text box points at with aria-activedescendant).
 */
export function MarkdownField({
  value,
  onChange,
  textareaRef,
  postId,
  extraTools,
  className,
  onKeyDown,
  ...textareaProps
}: MarkdownFieldProps) {
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const field = textareaRef ?? ownRef;
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const id = useId();
  const listId = `${id}-mentions`;

  const mention = mode === 'write' ? mentionBeforeCaret(value, caret) : null;
  const open = mention !== null && closedAt !== mention.start;
  const suggestions = useMentionSuggestions(open ? mention.query : null, postId);
  const members = open ? (suggestions.data?.members ?? []) : [];
  const showList = open && members.length > 0;
  const preview = useMarkdownPreview(value, mode === 'preview');

  const applyEdit = (edit: TextEdit) => {
    onChange(edit.value);
    setCaret(edit.selectionEnd);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };
  const selection = () =>
    [field.current?.selectionStart ?? value.length, field.current?.selectionEnd ?? value.length] as const;
  const tools = {
    bold: () => applyEdit(wrapSelection(value, ...selection(), '**', 'bold text')),
    italic: () => applyEdit(wrapSelection(value, ...selection(), '_', 'italic text')),
    link: () => applyEdit(linkSelection(value, ...selection())),
    bullets: () => applyEdit(prefixLines(value, ...selection(), () => '- ')),
    numbers: () => applyEdit(prefixLines(value, ...selection(), (n) => `${n}. `)),
    quote: () => applyEdit(prefixLines(value, ...selection(), () => '> ')),
    code: () => applyEdit(wrapSelection(value, ...selection(), '`', 'code')),
  };

  const choose = (username: string) => {
    if (!mention) return;
    applyEdit(replaceRange(value, mention.start, caret, `@${username} `));
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showList) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((members.length + active + step) % members.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(members[Math.min(active, members.length - 1)]!.username);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setClosedAt(mention!.start);
        return;
      }
    }
    if (event.metaKey || event.ctrlKey) {
      const shortcut = { b: tools.bold, i: tools.italic, k: tools.link }[event.key.toLowerCase()];
      if (shortcut && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        shortcut();
        return;
      }
    }
    onKeyDown?.(event);
  };

  const modeButton = (name: 'write' | 'preview', label: string) => (
    <button
      type="button"
      aria-pressed={mode === name}
      onClick={() => setMode(name)}
      className={cn(
        'rounded-md px-3 py-1 text-sm font-medium',
        mode === name ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
      )}
    >
      {label}
    </button>
  );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Write or preview" className="inline-flex rounded-lg bg-surface-muted p-0.5">
          {modeButton('write', 'Write')}
          {modeButton('preview', 'Preview')}
        </div>
        <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5">
          <ToolButton label="Bold" keys="B" disabled={mode === 'preview'} onClick={tools.bold}>
            <Bold className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Italic" keys="I" disabled={mode === 'preview'} onClick={tools.italic}>
            <Italic className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Link" keys="K" disabled={mode === 'preview'} onClick={tools.link}>
            <LinkIcon className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Bulleted list" disabled={mode === 'preview'} onClick={tools.bullets}>
            <List className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Numbered list" disabled={mode === 'preview'} onClick={tools.numbers}>
            <ListOrdered className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Block quote" disabled={mode === 'preview'} onClick={tools.quote}>
            <Quote className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Code" disabled={mode === 'preview'} onClick={tools.code}>
            <Code className="size-4" aria-hidden />
          </ToolButton>
          {extraTools}
        </div>
      </div>
      <div className="relative">
        <Textarea
          ref={field}
          {...textareaProps}
          hidden={mode === 'preview'}
          className={className}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setCaret(event.target.selectionStart);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={keyDown}
          onBlur={() => setClosedAt(mention?.start ?? null)}
          onFocus={() => setClosedAt(null)}
          aria-autocomplete="list"
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={showList ? `${listId}-${Math.min(active, members.length - 1)}` : undefined}
        />
        {showList && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Members to mention"
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-auto rounded-md border border-border bg-surface py-1 shadow-lg"
          >
            {members.map((member, index) => (
              <li
                key={member.id ?? member.username}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                // Chosen on mousedown, before the text box loses focus and closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(member.username);
                }}
                className={cn(
                  'flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-fg',
                  index === active && 'bg-accent text-accent-fg',
                )}
              >
                <span aria-hidden className="contents">
                  <Avatar avatarUrl={member.avatarUrl} copies={member.avatarCopies} username={member.username} />
                </span>
                <span>@{member.username}</span>
              </li>
            ))}
          </ul>
        )}
        {mode === 'preview' && (
          <div
            aria-live="polite"
            aria-busy={preview.isFetching}
            className="min-h-32 rounded-md border border-border bg-surface px-3 py-2 text-sm"
          >
            {value.trim() === '' ? (
              <p className="text-muted">Nothing to preview</p>
            ) : preview.data ? (
              <div
                className="member-text leading-relaxed break-words text-fg"
                dangerouslySetInnerHTML={{ __html: preview.data.html }}
              />
            ) : preview.isError ? (
              <p className="text-danger">Preview failed: try again</p>
            ) : (
              <p className="text-muted">Loading preview...</p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
