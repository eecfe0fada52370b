import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Quote } from 'lucide-react';

interface Offer {
  author: string;
  words: string;
  top: number;
  left: number;
}

/** The member text (question or reply) a selection lies wholly inside, with its author (MemberText's quoteAuthor). */
function quotable(selection: Selection | null): { author: string; words: string; rect: DOMRect } | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const holder = (node: Node | null) =>
    (node instanceof Element ? node : node?.parentElement)?.closest<HTMLElement>('[data-quote-author]') ?? null;
  const from = holder(selection.anchorNode);
  if (!from || from !== holder(selection.focusNode)) return null;
  const words = selection.toString().trim();
  if (!words) return null;
  return { author: from.dataset.quoteAuthor!, words, rect: selection.getRangeAt(0).getBoundingClientRect() };
}

/**
 * Selecting words of a question or a reply offers 'Quote' beside them (issue 25 'Quote'); it hands the words and
 * their author to the reply form, which adds them as a block quote.
 */
export function QuoteSelection({ onQuote }: { onQuote: (author: string, words: string) => void }) {
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    const update = () => {
      const found = quotable(document.getSelection());
      setOffer(
        found
          ? {
              author: found.author,
              words: found.words,
              top: found.rect.bottom + window.scrollY + 6,
              left: Math.max(8, Math.min(found.rect.left + window.scrollX, window.innerWidth - 110)),
            }
          : null,
      );
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, []);
  if (!offer) return null;
  // On the page itself, so it sits under the words whatever holds the form.
  return createPortal(
    <button
      type="button"
      style={{ top: offer.top, left: offer.left }}
      // Keeps the selection while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        onQuote(offer.author, offer.words);
        document.getSelection()?.removeAllRanges();
        setOffer(null);
      }}
      className="absolute z-30 inline-flex items-center gap-1.5 rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg shadow-lg hover:bg-primary-hover"
    >
      <Quote className="size-4" aria-hidden />
      Quote
    </button>,
    document.body,
  );
}
