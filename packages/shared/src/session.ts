import type { Role } from './limits.js';
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
}

/** The public client configuration (GET /api/config): only whitelisted values reach the browser. */
export interface PublicConfig {
  googleEnabled: boolean;
  videoGuidesUrl: string;
}

/** Every API error body. */
export interface ApiErrorBody {
  error: string;
  message: string;
  statusCode: number;
  requestId: string;
  field?: string;
}
