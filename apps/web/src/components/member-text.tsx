import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../lib/cn';
import './member-text.css';

interface MemberTextProps {
  /** What the server rendered from the member's Markdown (contentHtml, descriptionHtml): escaped and links checked. */
  html: string;
  /** Whose words these are: selecting some offers 'Quote' (QuoteSelection). */
  quoteAuthor?: string;
  className?: string;
}

/**
 * What a member wrote (a reply, a question's description), as the server rendered it: the same markup on the
 * server-drawn page and in the app, so hydration matches. Links on this site (an @member's profile) stay in the app.
 */
export function MemberText({ html, quoteAuthor, className }: MemberTextProps) {
  const navigate = useNavigate();
  const followInApp = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || link?.target) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // The links inside are real links (keyboard users follow them); the click only keeps site links in the app.
    <div
      className={cn('member-text leading-relaxed break-words text-fg', className)}
      data-quote-author={quoteAuthor}
      onClick={followInApp}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
