import { LIMITS } from './limits.js';
import type { SiteSettings } from './site-settings.js';

// The code's defaults, in a module of their own: every page's layout reads them, and a bundle puts a module where its
// first reader is, so the settings page's labels and contrast rules (site-settings.ts) stay out of the first load.
export const SITE_SETTINGS_DEFAULTS: SiteSettings = {
  siteName: 'Fenestra',
  siteDescription: 'Hardware answers from people who fix windows and doors.',
  logoUrl: null,
  faviconUrl: null,
  accentColor: null,
  footerLinks: [],
  rateLimitAuth: 10,
  rateLimitUploads: 30,
  rateLimitPosts: 10,
  rateLimitReplies: 10,
  rateLimitPreviews: 20,
  rateLimitOverrides: 20,
  rateLimitWindowSeconds: 60,
  autoApproveTrusted: false,
  requireEmailVerification: false,
  flagHideThreshold: LIMITS.trust.hideThreshold,
  trustedFlagWeight: LIMITS.trust.flagWeight[2],
  trustMemberQuestions: LIMITS.trust.member.approvedQuestions,
  trustMemberReplies: LIMITS.trust.member.replies,
  trustMemberDays: LIMITS.trust.member.daysSinceSignUp,
  trustFlagFreeDays: LIMITS.trust.member.upheldFlagFreeDays,
  trustTrustedQuestions: LIMITS.trust.trusted.approvedQuestions,
  trustTrustedReplies: LIMITS.trust.trusted.replies,
  trustTrustedHelpfulMarks: LIMITS.trust.trusted.helpfulMarks,
  trustTrustedAcceptedAnswers: LIMITS.trust.trusted.acceptedAnswers,
  trustTrustedDays: LIMITS.trust.trusted.daysSinceSignUp,
};
