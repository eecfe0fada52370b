import type { SiteSettings } from '@fenestra/shared';
import type { CommunitySwitches } from './env.js';

export type { CommunitySwitches } from './env.js';

/**
 * THE one way the server reads the community switches (AUTO_APPROVE_TRUSTED, REQUIRE_EMAIL_VERIFICATION): from the
 * site settings at each call (admins set them at /admin/settings; the environment wins where it sets them).
 */
export const communitySwitches =
  (settings: { current(): Pick<SiteSettings, 'autoApproveTrusted' | 'requireEmailVerification'> }) =>
  (): CommunitySwitches => {
    const { autoApproveTrusted, requireEmailVerification } = settings.current();
    return { autoApproveTrusted, requireEmailVerification };
  };
