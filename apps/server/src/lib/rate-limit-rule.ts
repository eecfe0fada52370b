import type { SiteSettings } from '@fenestra/shared';

export type RateLimitSetting =
  | 'rateLimitAuth'
  | 'rateLimitUploads'
  | 'rateLimitPosts'
  | 'rateLimitReplies'
  | 'rateLimitPreviews'
  | 'rateLimitOverrides';

/**
 * A route's rate limit, read from the site settings at each request (@fastify/rate-limit calls both), so a
 * change at /admin/settings applies at once on every instance.
 */
export function rateLimitRule(settings: { current(): SiteSettings }, setting: RateLimitSetting) {
  return {
    max: () => settings.current()[setting],
    timeWindow: () => settings.current().rateLimitWindowSeconds * 1000,
  };
}
