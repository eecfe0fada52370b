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
} as const;

const hours = (n: number) => (n === 1 ? 'one hour' : `${n} hours`);

// The emails the forum sends.
export const EMAIL_TEXT = {
  resetPassword: {
    subject: 'Reset your Fenestra password',
    text: (url: string) => 'Someone asked to reset the password of your Fenestra account.\n\n'
      + `Choose a new password here (the link works for ${hours(L.resetLinkHours)}):\n${url}\n\n`
      + 'If it was not you, ignore this email: your password stays as it is.\n',
  },
  banned: {
    subject: 'Your Fenestra account has been banned',
    /** `until` is the end date (YYYY-MM-DD), or null for a permanent ban. */
    text: (reason: string, until: string | null) =>
      `Your Fenestra account has been banned ${until ? `until ${until}` : 'permanently'}.\n\nReason: ${reason}\n`,
  },
} as const;
