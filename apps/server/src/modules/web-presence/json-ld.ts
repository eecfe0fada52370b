import { UNKNOWN_AUTHOR } from '@fenestra/shared';
import { plainText } from '../../lib/plain-text.js';
import type { PostHeadRow, ReplyHeadRow } from './repo.js';

/**
 * A question page's schema.org QAPage (decision 034; the fields Google's Q&A rich result asks for): the question
 * with its text, answer count, date and author; the accepted reply as acceptedAnswer, the others as
 * suggestedAnswer, each with its text, date, author, helpful count and address.
 */
export function qaPage(post: PostHeadRow, replies: ReplyHeadRow[], url: string, publicUrl: string): object {
  const author = (username: string | null) => ({
    '@type': 'Person',
    name: username ?? UNKNOWN_AUTHOR.username,
    ...(username ? { url: `${publicUrl}/user/${encodeURIComponent(username)}` } : {}),
  });
  const answer = (reply: ReplyHeadRow) => ({
    '@type': 'Answer',
    text: plainText(reply.content),
    dateCreated: new Date(reply.created_at).toISOString(),
    upvoteCount: reply.helpful_count,
    url: `${url}#reply-${reply.id}`,
    author: author(reply.username),
  });
  const accepted = replies.find((r) => r.id === post.accepted_reply_id);
  const suggested = replies.filter((r) => r !== accepted);
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: post.title,
      text: plainText(post.description),
      answerCount: post.reply_count,
      upvoteCount: post.vote_count,
      dateCreated: new Date(post.created_at).toISOString(),
      ...(post.edited_at ? { dateModified: new Date(post.edited_at).toISOString() } : {}),
      author: author(post.username),
      ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
      ...(suggested.length > 0 ? { suggestedAnswer: suggested.map(answer) } : {}),
    },
  };
}
