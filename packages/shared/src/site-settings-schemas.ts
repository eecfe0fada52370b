import { z } from 'zod';
import { MSG } from './messages.js';
import { text } from './text.js';
import { accentContrastProblem, SITE_SETTINGS_LIMITS as L } from './site-settings.js';

// The contracts of /admin/settings: the form, the API and the environment's values are checked by these.

const count = (max: number) =>
  z.coerce
    .number({ message: MSG.settingWholeNumber(max) })
    .int(MSG.settingWholeNumber(max))
    .min(1, MSG.settingWholeNumber(max))
    .max(max, MSG.settingWholeNumber(max));

export const siteNameSchema = text()
  .trim()
  .min(1, MSG.siteNameRequired)
  .max(L.siteName, MSG.siteNameTooLong(L.siteName));
export const siteDescriptionSchema = text()
  .trim()
  .max(L.siteDescription, MSG.siteDescriptionTooLong(L.siteDescription));
export const accentColorSchema = text()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, MSG.accentColorFormat)
  .transform((v) => v.toLowerCase())
  .superRefine((v, ctx) => {
    const problem = accentContrastProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export const footerLinkSchema = z.object({
  label: text().trim().min(1, MSG.footerLinkLabel).max(L.footerLabel, MSG.footerLinkLabel),
  url: text()
    .trim()
    .max(L.footerUrl, MSG.footerLinkUrl)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), MSG.footerLinkUrl),
});

/** A switch: true or false from the page, 'true'/'false'/'1'/'0' from the environment. */
const onOff = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
  message: MSG.settingOnOff,
});

/** Each setting an admin may save; the logo and favicon come as uploads (below). */
export const editableSiteSettingsSchema = z.object({
  siteName: siteNameSchema,
  siteDescription: siteDescriptionSchema,
  accentColor: accentColorSchema.nullable(),
  footerLinks: z.array(footerLinkSchema).max(L.footerLinks, MSG.tooManyFooterLinks(L.footerLinks)),
  rateLimitAuth: count(L.rateLimit),
  rateLimitUploads: count(L.rateLimit),
  rateLimitPosts: count(L.rateLimit),
  rateLimitReplies: count(L.rateLimit),
  rateLimitPreviews: count(L.rateLimit),
  rateLimitOverrides: count(L.rateLimit),
  rateLimitWindowSeconds: count(L.windowSeconds),
  autoApproveTrusted: onOff,
  requireEmailVerification: onOff,
  flagHideThreshold: count(L.flagHideThreshold),
  trustedFlagWeight: count(L.flagHideThreshold),
  trustMemberQuestions: count(L.trustCount),
  trustMemberReplies: count(L.trustCount),
  trustMemberDays: count(L.trustDays),
  trustFlagFreeDays: count(L.trustDays),
  trustTrustedQuestions: count(L.trustCount),
  trustTrustedReplies: count(L.trustCount),
  trustTrustedHelpfulMarks: count(L.trustCount),
  trustTrustedAcceptedAnswers: count(L.trustCount),
  trustTrustedDays: count(L.trustDays),
});
export type EditableSiteSettings = z.infer<typeof editableSiteSettingsSchema>;

/** A picture setting: an upload of the admin's (purpose 'logo' or 'favicon') to use, or null to remove it. */
const pictureChange = z
  .object({ uploadId: text().uuid(MSG.uploadMissing) })
  .nullable()
  .optional();

/** PUT /api/admin/settings: only the settings that change; the logo and favicon by upload. */
export const saveSiteSettingsSchema = editableSiteSettingsSchema
  .partial()
  .extend({ logo: pictureChange, favicon: pictureChange })
  .strict();
export type SaveSiteSettings = z.infer<typeof saveSiteSettingsSchema>;
