import { LIMITS as L } from './limits.js';

// Every user-facing text of SPEC sections 5 and 8, one export each in msg.ts: `MSG.name` everywhere, and a
// bundle keeps only the texts it reads.
export * as MSG from './msg.js';

// The text of each in-app notification, one wording for the server and the demo content.
export const NOTIFICATION_TEXT = {
  post_approved: (title: string) => `Your post "${title}" was approved.`,
  post_denied: (title: string, reason: string) => `Your post "${title}" was denied: ${reason}`,
  post_pending_review: (title: string) => `New post awaiting review: "${title}"`,
  post_solved: (title: string) => `Your post "${title}" was marked as solved.`,
  bookmark_solved: (title: string) => `A post you bookmarked, "${title}", was marked as solved.`,
  new_reply: (username: string, title: string) => `${username} replied to your post "${title}"`,
  mention: (username: string, title: string) => `${username} mentioned you in "${title}"`,
  reply_pinned: (title: string) => `Your reply on "${title}" was pinned as the helpful answer.`,
  reply_accepted: (title: string) => `Your reply on "${title}" was accepted as the answer.`,
  /** To every flagger of an item, once staff decided: what came of it. */
  flag_resolved: (outcome: 'dismissed' | 'hidden' | 'deleted', title: string) =>
    outcome === 'dismissed'
      ? `Thanks for your flag on "${title}": our moderators reviewed it and left it up.`
      : `Thanks for your flag on "${title}": our moderators ${outcome === 'hidden' ? 'hid' : 'removed'} it.`,
  content_hidden: (kind: 'question' | 'reply', title: string) =>
    kind === 'question'
      ? `Your question "${title}" was hidden after flags from the community. Edit it to send it back for review.`
      : `Your reply on "${title}" was hidden after flags from the community. Edit it to send it back for review.`,
} as const;

const hours = (n: number) => (n === 1 ? 'one hour' : `${n} hours`);

// The emails the forum sends; `site` is the site's name as its settings give it (issue 30).
export const EMAIL_TEXT = {
  resetPassword: {
    subject: (site: string) => `Reset your ${site} password`,
    text: (url: string, site: string) =>
      `Someone asked to reset the password of your ${site} account.\n\n` +
      `Choose a new password here (the link works for ${hours(L.resetLinkHours)}):\n${url}\n\n` +
      'If it was not you, ignore this email: your password stays as it is.\n',
  },
  confirmEmail: {
    subject: (site: string) => `Confirm your email address for ${site}`,
    text: (url: string, site: string) =>
      `Welcome to ${site}! Please confirm your email address to ask, reply, like and flag:\n` +
      `${url}\n\nThe link works for 24 hours. If you did not sign up, ignore this email.\n`,
  },
  banned: {
    subject: (site: string) => `Your ${site} account has been banned`,
    /** `until` is the end date (YYYY-MM-DD), or null for a permanent ban. */
    text: (reason: string, until: string | null, site: string) =>
      `Your ${site} account has been banned ${until ? `until ${until}` : 'permanently'}.\n\nReason: ${reason}\n`,
  },
} as const;
