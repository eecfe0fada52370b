import type { FooterLink } from './site-settings.js';
import type { Role } from './moderation.js';
import type { PictureCopies } from './images.js';

/** What GET /api/me answers for a signed-in member (null for a visitor). */
export interface Me {
  id: string;
  email: string;
  username: string;
  avatarUrl: string | null;
  /** An uploaded avatar's size and WebP copies, when it has them (decision 016). */
  avatarCopies?: PictureCopies;
  role: Role;
  isStaff: boolean;
  hasPassword: boolean;
  /** 0 New .. 3 Leader (issue 26): what a reply of theirs may hold comes from replyLimitsFor(trustLevel). */
  trustLevel: number;
  /** Has the member confirmed their email address (asked of new accounts when REQUIRE_EMAIL_VERIFICATION is on)? */
  emailVerified: boolean;
}

/** The public client configuration (GET /api/config): only whitelisted values reach the browser. */
export interface PublicConfig {
  googleEnabled: boolean;
  videoGuidesUrl: string;
  /** The site settings everyone sees (issue 30; /admin/settings). */
  siteName: string;
  siteDescription: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  accentColor: string | null;
  footerLinks: FooterLink[];
  /** An empty forum with no admin yet: the sign-in page says how the operator makes the first one. */
  needsFirstAdmin: boolean;
}

/** Every API error body. */
export interface ApiErrorBody {
  error: string;
  message: string;
  statusCode: number;
  requestId: string;
  field?: string;
}
