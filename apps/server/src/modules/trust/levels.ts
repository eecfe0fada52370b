import { DEFAULT_TRUST_RULES, TRUST_LEVEL_LABELS, type TrustLevel, type TrustRules } from '@fenestra/shared';

// The trust job's rule (issue 26): a member's level from what they did. Pure, so fixtures with any clock test it.

/** What a member did, counted from the rows (never from stored counters). */
export interface TrustHistory {
  signedUpAt: Date;
  approvedQuestions: number;
  replies: number;
  helpfulMarks: number;
  acceptedAnswers: number;
  /** Flags on their questions and replies that staff upheld in the last 30 days. */
  upheldFlags: number;
}

const DAY_MS = 86_400_000;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The level the job gives (0-2: Leader is only given by staff) and why, in the words staff read in User Management;
 * `rules` are the site settings' (issue 30), the code's by default.
 */
export function trustFromHistory(
  h: TrustHistory,
  now: Date,
  rules: TrustRules = DEFAULT_TRUST_RULES,
): { level: TrustLevel; reason: string } {
  const days = Math.max(0, Math.floor((now.getTime() - h.signedUpAt.getTime()) / DAY_MS));
  const { member, trusted } = rules;
  const facts = [
    plural(h.approvedQuestions, 'approved question'),
    plural(h.replies, 'reply', 'replies'),
    plural(h.helpfulMarks, 'helpful mark'),
    plural(h.acceptedAnswers, 'accepted answer'),
    `${plural(days, 'day')} since sign-up`,
  ];
  if (h.upheldFlags > 0) facts.push(`${plural(h.upheldFlags, 'upheld flag')} in ${member.upheldFlagFreeDays} days`);
  const isMember =
    (h.approvedQuestions >= member.approvedQuestions || h.replies >= member.replies) &&
    days >= member.daysSinceSignUp &&
    h.upheldFlags === 0;
  const isTrusted =
    isMember &&
    (h.approvedQuestions >= trusted.approvedQuestions || h.replies >= trusted.replies) &&
    (h.helpfulMarks >= trusted.helpfulMarks || h.acceptedAnswers >= trusted.acceptedAnswers) &&
    days >= trusted.daysSinceSignUp;
  const level: TrustLevel = isTrusted ? 2 : isMember ? 1 : 0;
  return { level, reason: `${TRUST_LEVEL_LABELS[level]}: ${facts.join(', ')}` };
}

/** The reason shown for a level staff locked. */
export const lockedReason = (level: TrustLevel, by: string) => `${TRUST_LEVEL_LABELS[level]}: locked by ${by}`;

/** Upheld flags count against a member's trust while resolved after this moment. */
export const upheldFlagWindow = (now: Date, rules: TrustRules = DEFAULT_TRUST_RULES) =>
  new Date(now.getTime() - rules.member.upheldFlagFreeDays * DAY_MS);
