import { isStaffRole } from '@fenestra/shared';
import type { MemberRow } from './member.js';

/** Who is looking: a signed-in, unbanned member, or null for a visitor. */
export interface Viewer {
  id: string;
  isStaff: boolean;
}

/** A member already checked by requireMember or requireStaff. */
export const viewerFrom = (member: MemberRow): Viewer => ({ id: member.id, isStaff: isStaffRole(member.role) });
