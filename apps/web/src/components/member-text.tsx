import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { MEMBER_LINK_REL, MEMBER_LINK_TARGET, tokenizeMemberText, type Mention } from '@fenestra/shared';
import { paths } from '../config/paths';
import { cn } from '../lib/cn';

interface MemberTextProps {
  text: string;
  /** The @names the server matched to members; any other @name stays text. */
  mentions: readonly Mention[];
  className?: string;
}

const linkClass = 'font-medium text-link underline underline-offset-2 break-all hover:no-underline';

/**
 * What a member wrote (a reply, a question's description), as text nodes only: `[text](url)` and bare
 * http(s) addresses become links that open in a new tab, known @names link to the profile, and nothing
 * else is ever markup. Line breaks stay as written.
 */
export function MemberText({ text, mentions, className }: MemberTextProps) {
  const tokens = useMemo(() => tokenizeMemberText(text), [text]);
  const members = useMemo(() => new Map(mentions.map((mention) => [mention.handle.toLowerCase(), mention])), [mentions]);
  return (
    <div className={cn('leading-relaxed break-words whitespace-pre-wrap text-fg', className)}>
      {tokens.map((token, index) => {
        if (token.kind === 'link') {
          return (
            <a key={index} href={token.url} target={MEMBER_LINK_TARGET} rel={MEMBER_LINK_REL} className={linkClass}>
              {token.text}
            </a>
          );
        }
        const member = token.kind === 'mention' ? members.get(token.name.toLowerCase()) : undefined;
        if (member) {
          return (
            <Link key={index} to={paths.user(member.username)} className={cn(linkClass, 'break-words')}>
              {token.text}
            </Link>
          );
        }
        return <Fragment key={index}>{token.text}</Fragment>;
      })}
    </div>
  );
}
