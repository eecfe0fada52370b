// Site settings (issue 30): what admins change at /admin/settings without a restart. The values live in the
// database (site_settings), the code's defaults fill what nobody set, and an environment variable, where it is set,
// wins over both (the page says which). One entry per setting below: to add a setting, add its entry here, its
// field in siteSettingsSchema (site-settings-schemas.ts), and read it on the server through `settings.current()`.

/** A link in the footer. */
export interface FooterLink {
  label: string;
  url: string;
}

/** How the operator makes the first admin of an empty forum (the sign-in page, the start-up message, the README). */
export const FIRST_ADMIN_COMMAND = 'npm run user:create -- --email you@example.com --role admin';

/** Every setting as the forum applies it now. */
export interface SiteSettings {
  siteName: string;
  siteDescription: string;
  /** The uploaded logo's address (`/media/...`, or under MEDIA_URL), or null for the drawn window. */
  logoUrl: string | null;
  faviconUrl: string | null;
  /** `#rrggbb`, or null for the themes' own blue. */
  accentColor: string | null;
  footerLinks: FooterLink[];
  rateLimitAuth: number;
  rateLimitUploads: number;
  rateLimitPosts: number;
  rateLimitReplies: number;
  rateLimitPreviews: number;
  rateLimitOverrides: number;
  rateLimitWindowSeconds: number;
  /** Issue 26's switches and the flags' hiding threshold. */
  autoApproveTrusted: boolean;
  requireEmailVerification: boolean;
  flagHideThreshold: number;
  /** What the trust job asks of a member for each level (issue 26), and a trusted member's flag weight. */
  trustMemberQuestions: number;
  trustMemberReplies: number;
  trustMemberDays: number;
  trustFlagFreeDays: number;
  trustTrustedQuestions: number;
  trustTrustedReplies: number;
  trustTrustedHelpfulMarks: number;
  trustTrustedAcceptedAnswers: number;
  trustTrustedDays: number;
  trustedFlagWeight: number;
}
export type SiteSettingKey = keyof SiteSettings;

export type SiteSettingGroup = 'site' | 'rateLimits' | 'community' | 'trust';

export interface SiteSettingInfo {
  label: string;
  group: SiteSettingGroup;
  /** The environment variable that fixes it when set (null: only the page sets it). */
  env: string | null;
  /** Said under the field. */
  hint?: string;
}

/** Each setting's label, group and environment variable: the page, the server and the log read it here. */
export const SITE_SETTINGS: Record<SiteSettingKey, SiteSettingInfo> = {
  siteName: { label: 'Site name', group: 'site', env: 'SITE_NAME' },
  siteDescription: { label: 'Short description', group: 'site', env: 'SITE_DESCRIPTION' },
  logoUrl: { label: 'Logo', group: 'site', env: null },
  faviconUrl: { label: 'Favicon', group: 'site', env: null },
  accentColor: {
    label: 'Accent colour',
    group: 'site',
    env: 'ACCENT_COLOR',
    hint: 'Buttons and highlights, in both themes. White text on it needs 4.5:1; it needs 3:1 against both backgrounds.',
  },
  footerLinks: { label: 'Footer links', group: 'site', env: null },
  rateLimitAuth: { label: 'Sign-in, sign-up and reset attempts', group: 'rateLimits', env: 'RATE_LIMIT_AUTH' },
  rateLimitUploads: { label: 'Uploads', group: 'rateLimits', env: 'RATE_LIMIT_UPLOADS' },
  rateLimitPosts: { label: 'Questions', group: 'rateLimits', env: 'RATE_LIMIT_POSTS' },
  rateLimitReplies: { label: 'Replies (per member)', group: 'rateLimits', env: 'RATE_LIMIT_REPLIES' },
  rateLimitPreviews: { label: 'Link previews', group: 'rateLimits', env: 'RATE_LIMIT_PREVIEWS' },
  rateLimitOverrides: {
    label: 'Detection corrections (per staff member)',
    group: 'rateLimits',
    env: 'RATE_LIMIT_OVERRIDES',
  },
  rateLimitWindowSeconds: { label: 'Window (seconds)', group: 'rateLimits', env: 'RATE_LIMIT_WINDOW_SECONDS' },
  autoApproveTrusted: {
    label: 'Approve questions from trusted members at once',
    group: 'community',
    env: 'AUTO_APPROVE_TRUSTED',
    hint: 'Off: every question waits for review.',
  },
  requireEmailVerification: {
    label: 'New accounts confirm their email before they take part',
    group: 'community',
    env: 'REQUIRE_EMAIL_VERIFICATION',
    hint: 'Asking, replying, liking and flagging wait for the link in the confirmation email.',
  },
  flagHideThreshold: {
    label: 'Flag weight that hides a question or reply',
    group: 'community',
    env: null,
    hint: 'A New or Member flag weighs 1, a Trusted or Leader flag what is set below; hidden content waits for staff.',
  },
  trustedFlagWeight: {
    label: 'Weight of a flag from a Trusted or Leader member',
    group: 'community',
    env: null,
    hint: 'Set it to the hiding weight above and one such flag hides at once.',
  },
  trustMemberQuestions: {
    label: 'Member: approved questions',
    group: 'trust',
    env: null,
    hint: 'Either these or the published replies.',
  },
  trustMemberReplies: { label: 'Member: published replies', group: 'trust', env: null },
  trustMemberDays: { label: 'Member: days since sign-up', group: 'trust', env: null },
  trustFlagFreeDays: {
    label: 'Member: days without an upheld flag',
    group: 'trust',
    env: null,
    hint: 'A flag staff upheld within these days keeps a member at New.',
  },
  trustTrustedQuestions: {
    label: 'Trusted: approved questions',
    group: 'trust',
    env: null,
    hint: 'Either these or the published replies.',
  },
  trustTrustedReplies: { label: 'Trusted: published replies', group: 'trust', env: null },
  trustTrustedHelpfulMarks: {
    label: 'Trusted: helpful marks received',
    group: 'trust',
    env: null,
    hint: 'Either these or the accepted answers.',
  },
  trustTrustedAcceptedAnswers: { label: 'Trusted: accepted answers', group: 'trust', env: null },
  trustTrustedDays: { label: 'Trusted: days since sign-up', group: 'trust', env: null },
};
export const SITE_SETTING_KEYS = Object.keys(SITE_SETTINGS) as SiteSettingKey[];

export const SITE_SETTINGS_LIMITS = {
  siteName: 60,
  siteDescription: 200,
  footerLinks: 6,
  footerLabel: 40,
  footerUrl: 500,
  // Benches and load tests set 1 000 000 through the environment (which the same contracts check).
  rateLimit: 1_000_000,
  windowSeconds: 86_400,
  flagHideThreshold: 100,
  trustCount: 10_000,
  trustDays: 3650,
} as const;

/** GET/PUT /api/admin/settings: the settings in force, and those an environment variable fixes (with its name). */
export interface SiteSettingsAnswer {
  settings: SiteSettings;
  fixedByEnv: Record<string, string>;
  /** The running build, for the dashboard. */
  version: { version: string; build: string };
}

// ---- accent colour contrast (WCAG 2.x relative luminance) ----

/** The backgrounds the accent sits on, per theme (apps/web/src/index.css --bg and --surface). */
export const THEME_BACKGROUNDS = {
  light: ['#f8fafc', '#ffffff'],
  dark: ['#0b1120', '#131c2e'],
} as const;
/** Button text on the accent (--primary-fg). */
export const ACCENT_TEXT = '#ffffff';

const channel = (hex: string, at: number) => {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);

/** The contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Why an accent colour cannot be used (WCAG AA in both themes), or null when it can. */
export function accentContrastProblem(color: string): string | null {
  const hex = color.toLowerCase();
  const onIt = contrastRatio(hex, ACCENT_TEXT);
  if (onIt < 4.5)
    return `White text on ${hex} has a contrast of ${onIt.toFixed(2)}:1; it needs 4.5:1. Choose a darker colour.`;
  for (const theme of ['light', 'dark'] as const) {
    const worst = Math.min(...THEME_BACKGROUNDS[theme].map((bg) => contrastRatio(hex, bg)));
    if (worst < 3)
      return `${hex} has a contrast of ${worst.toFixed(2)}:1 against the ${theme} theme's background; it needs 3:1. Choose a ${theme === 'light' ? 'darker' : 'lighter'} colour.`;
  }
  return null;
}
