/**
 * AI detection of post images (DESIGN.md 'AI detection'): one list of statuses and categories, used by
 * the database, both providers, the API and the page.
 */

/** queued: a job will read it; done: an object was named; none: nothing recognised; failed: the job gave up; off: AI_PROVIDER=off. */
export const DETECTION_STATUSES = ['queued', 'done', 'none', 'failed', 'off'] as const;
export type DetectionStatus = (typeof DETECTION_STATUSES)[number];

/** The part categories both providers answer with. */
export const DETECTION_CATEGORIES = [
  'operator',
  'lock/latch',
  'hinge',
  'roller',
  'balance',
  'weatherstrip/seal',
  'handle',
  'glass/IGU',
  'screen part',
  'closer',
  'other',
] as const;
export type DetectionCategory = (typeof DETECTION_CATEGORIES)[number];

export function parseDetectionCategory(value: unknown): DetectionCategory | null {
  return (DETECTION_CATEGORIES as readonly unknown[]).includes(value) ? (value as DetectionCategory) : null;
}

/** What the page and the override dialog say (SPEC sections 2, 5 and 8, exact characters). */
export const DETECTION_TEXT = {
  identifying: 'Identifying…',
  notIdentified: 'Not identified',
  failed: 'Detection failed',
  retry: 'Retry',
  retrying: 'Retrying…',
  retryQueued: 'Detection queued again',
  retryFailed: 'Could not queue the detection again',
  overrideButton: 'Override detection',
  dialogTitle: 'Override Image Detection',
  currentDetection: 'Current detection',
  detectedObject: 'Detected object',
  confidence: 'Confidence',
  category: 'Category',
  material: 'Material',
  finish: 'Finish',
  keyFeatures: 'Key features',
  visibleText: 'Visible text',
  previousOverride: 'Previous override',
  none: 'None',
  correctedLabel: 'Corrected Object Name *',
  correctedPlaceholder: 'e.g. casement window operator',
  preview: 'Image preview',
  warning: 'Saving regenerates the AI embedding of this image, so similar posts are matched on the corrected object.',
  cancel: 'Cancel',
  regenerate: 'Regenerate Embedding',
  regenerating: 'Regenerating...',
  objectRequiredTitle: 'Object name required',
  objectRequired: 'Please enter a corrected object name',
  objectTooLong: 'Object name must be less than 120 characters',
  successTitle: 'Detection updated successfully',
  successBody: (from: string, to: string) => `${from} → ${to}`,
  failureTitle: 'Failed to update detection',
  unavailable: 'Override service isn’t available yet. Please retry in 20–30 seconds.',
  noAccess: 'You need admin/moderator access to override detections.',
  rateLimited: 'Rate limits exceeded. Please wait a moment and try again.',
  paymentRequired: 'Payment required for AI usage. Please add credits and try again.',
  fallback: 'An error occurred while regenerating the embedding',
  detailsHeading: 'What the AI read',
  failedCount: (n: number) => `${n} image ${n === 1 ? 'detection' : 'detections'} failed`,
} as const;

export const DETECTION_LIMITS = { objectName: 120 } as const;

/** The image's detection after an override: `object` is the corrected name, the AI's own values are kept beside it. */
export interface OverrideDetectionResult {
  newDetection: {
    object: string;
    detectedObject: string | null;
    category: string | null;
    material: string | null;
    finish: string | null;
    confidence: number | null;
    keyFeatures: string[];
    /** false when AI_PROVIDER=off: the correction is saved without a vector. */
    embedded: boolean;
  };
  message: string;
}

export * from './part-numbers.js';
export * from './photo-advice.js';

/** Detection confidence colour (SPEC section 2). */
export function confidenceLevel(confidence: number | null): 'high' | 'medium' | 'low' | 'none' {
  if (confidence === null || confidence === undefined) return 'none';
  if (confidence >= 0.8) return 'high';
  if (confidence >= 0.6) return 'medium';
  return 'low';
}

/** A confidence as a whole percent, rounded down, so it never reads a level's threshold it has not reached (0.595 is 59%). */
export function confidencePercent(confidence: number): number {
  // The epsilon absorbs binary fractions such as 0.29 * 100 = 28.999999999999996.
  return Math.floor(confidence * 100 + 1e-9);
}
