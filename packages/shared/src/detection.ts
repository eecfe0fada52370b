/**
 * AI detection of post images (DESIGN.md 'AI detection'): one list of statuses and categories, used by
 * the database, both providers, the API and the page.
 */

/** queued: a job will read it; done: an object was named; none: nothing recognised; failed: the job gave up; off: AI_PROVIDER=off. */
export const DETECTION_STATUSES = ['queued', 'done', 'none', 'failed', 'off'] as const;
export type DetectionStatus = (typeof DETECTION_STATUSES)[number];

/** The part categories both providers answer with. */
export const DETECTION_CATEGORIES = [
  'operator', 'lock/latch', 'hinge', 'roller', 'balance', 'weatherstrip/seal', 'handle', 'glass/IGU', 'screen part', 'closer', 'other',
] as const;
export type DetectionCategory = (typeof DETECTION_CATEGORIES)[number];

export function parseDetectionCategory(value: unknown): DetectionCategory | null {
  return (DETECTION_CATEGORIES as readonly unknown[]).includes(value) ? (value as DetectionCategory) : null;
}
