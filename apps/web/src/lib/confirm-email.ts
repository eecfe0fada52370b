import { MSG } from '@fenestra/shared';
import { api, ApiError, errorMessage } from './api-client';
import { toast } from './toast';

/** POST /api/account/verify-email/resend: another confirmation link (rate-limited by the server). */
async function resendConfirmation() {
  try {
    await api('/api/account/verify-email/resend', { method: 'POST' });
    toast.success(MSG.verificationSent);
  } catch (error) {
    toast.error(errorMessage(error));
  }
}

/**
 * When the operator asks for confirmed emails (REQUIRE_EMAIL_VERIFICATION), asking, replying, liking and flagging
 * answer EMAIL_NOT_VERIFIED: say so with a Resend link. True when it was that refusal (the caller says nothing more).
 */
export function toastIfEmailUnconfirmed(error: unknown): boolean {
  if (!(error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED')) return false;
  toast.error(MSG.confirmEmailFirst, {
    action: { label: MSG.resendVerification, onClick: () => void resendConfirmation() },
  });
  return true;
}
