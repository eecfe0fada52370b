import { z } from 'zod';
import { PUBLIC_STATUSES } from './repo.js';

import type { Viewer } from '../../lib/viewer.js';

export { viewerFrom, type Viewer } from '../../lib/viewer.js';

// z.uuid()'s own pattern, tested directly: every read of a post asks it.
const UUID = z.regexes.uuid();
/** Whether an id from a path can name a post at all (anything else is 'Post not found' without a query). */
export const isPostId = (value: string) => UUID.test(value);

/** Open and solved posts are everyone's; pending and denied ones only their author's and staff's. */
export const canSee = (row: { status: string; userId: string | null }, viewer: Viewer | null) =>
  PUBLIC_STATUSES.includes(row.status as never) || (viewer !== null && (viewer.isStaff || viewer.id === row.userId));
