import { LIMITS } from './limits.js';
import { mentionedNames, tokenizeMemberText } from './member-text.js';
import * as MSG from './msg.js';
import type { SiteSettings } from './site-settings.js';

// Trust levels (issue 26; DESIGN.md 'Trust'): computed by the trust job from what members did, or locked by staff.
// `profiles.trust_level` is written only by that job or a staff lock.

export const TRUST_LEVELS = [0, 1, 2, 3] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];
export const TRUST_LEVEL_LABELS: Record<TrustLevel, string> = { 0: 'New', 1: 'Member', 2: 'Trusted', 3: 'Leader' };
/** A member at this level or above is trusted: their flag weighs more, their questions may be auto-approved. */
export const TRUSTED_LEVEL: TrustLevel = 2;

/** What the trust job asks of a member for each level, and what a flag weighs by its flagger's level (0 New .. 3). */
export interface TrustRules {
  member: { approvedQuestions: number; replies: number; daysSinceSignUp: number; upheldFlagFreeDays: number };
  trusted: {
    approvedQuestions: number;
    replies: number;
    helpfulMarks: number;
    acceptedAnswers: number;
    daysSinceSignUp: number;
  };
  flagWeight: readonly [number, number, number, number];
}

/** The code's rules (LIMITS.trust), when no settings are at hand. */
export const DEFAULT_TRUST_RULES: TrustRules = LIMITS.trust;

/** The rules as the site settings give them (admins set them at /admin/settings; LIMITS.trust by default). */
export function trustRulesOf(s: SiteSettings): TrustRules {
  return {
    member: {
      approvedQuestions: s.trustMemberQuestions,
      replies: s.trustMemberReplies,
      daysSinceSignUp: s.trustMemberDays,
      upheldFlagFreeDays: s.trustFlagFreeDays,
    },
    trusted: {
      approvedQuestions: s.trustTrustedQuestions,
      replies: s.trustTrustedReplies,
      helpfulMarks: s.trustTrustedHelpfulMarks,
      acceptedAnswers: s.trustTrustedAcceptedAnswers,
      daysSinceSignUp: s.trustTrustedDays,
    },
    flagWeight: [1, 1, s.trustedFlagWeight, s.trustedFlagWeight],
  };
}

/** What one reply of a member at this level may hold, and how many replies they may post an hour (null: no own limit). */
export interface ReplyLimits {
  links: number | null;
  photos: number;
  mentions: number;
  repliesPerHour: number | null;
}

/** THE one place limits that depend on trust are read (DESIGN.md): new members get LIMITS.newMember, others SPEC's. */
export function replyLimitsFor(level: number): ReplyLimits {
  if (level <= 0) {
    const n = LIMITS.newMember;
    return {
      links: n.linksPerReply,
      photos: n.photosPerReply,
      mentions: n.mentionsPerReply,
      repliesPerHour: n.repliesPerHour,
    };
  }
  return { links: null, photos: LIMITS.images.perReply, mentions: LIMITS.mentionsPerReply, repliesPerHour: null };
}

/** Links in member text, each written or bare address counted once per occurrence. */
export const linkCountOf = (text: string) => tokenizeMemberText(text).filter((t) => t.kind === 'link').length;

/** Why a reply is over its writer's level's limits (the product's words, and the field), or null when it is within. */
export function replyOverLimits(
  level: number,
  reply: { content: string; photos: number },
): { message: string; field: 'content' | 'imageUploadIds' } | null {
  const limits = replyLimitsFor(level);
  if (limits.links !== null && linkCountOf(reply.content) > limits.links)
    return { message: MSG.newMemberLinks, field: 'content' };
  if (mentionedNames(reply.content).length > limits.mentions)
    return { message: level <= 0 ? MSG.newMemberMentions : MSG.tooManyMentions, field: 'content' };
  if (reply.photos > limits.photos)
    return { message: level <= 0 ? MSG.newMemberPhotos : MSG.maxImages, field: 'imageUploadIds' };
  return null;
}
