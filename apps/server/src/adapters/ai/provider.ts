import type { DetectionCategory } from '@fenestra/shared';

/** What a provider reads in a post image (DESIGN.md 'AI detection'). */
export interface DetectionResult {
  object: string | null;
  category: DetectionCategory | null;
  material: string | null;
  finish: string | null;
  /** 0..1; null when no object is named. */
  confidence: number | null;
  keyFeatures: string[];
  visibleText: string | null;
}

/** The image and the words its post came with (the post's words are the member's: untrusted). */
export interface DetectionInput {
  image: Buffer;
  title: string;
  description: string;
}

export type AiProviderName = 'local' | 'openai' | 'off';

/** Why a provider could not answer; the API maps these to 503, 429 and 402 (SPEC section 8 'Override errors'). */
export type AiErrorKind = 'unavailable' | 'timeout' | 'rate_limited' | 'payment_required' | 'bad_response';

export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    /** Seconds the provider asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'AiError';
  }
}

export interface AiProvider {
  readonly name: AiProviderName;
  /** Stored with each detection; null when nothing detects ('off'). */
  readonly detectionModel: string | null;
  /** Stored with each vector; null when nothing embeds ('off'). Vectors compare only within one model and dimension. */
  readonly embeddingModel: string | null;
  /** Its own time limit for one detection, in seconds (a detection job expires a little after it). */
  readonly timeLimitSeconds?: number;
  /** How many detections it may run at once (a remote one waits on the network, the local one takes the cores). */
  readonly concurrency?: number;
  detect(input: DetectionInput): Promise<DetectionResult>;
  /** One vector per text. */
  embed(texts: string[]): Promise<number[][]>;
  close(): Promise<void>;
}

export const NOTHING_DETECTED: DetectionResult = {
  object: null,
  category: null,
  material: null,
  finish: null,
  confidence: null,
  keyFeatures: [],
  visibleText: null,
};

/**
 * The sentence a detection is embedded as: the part's name, the staff's correction first. Only the name:
 * brands and part numbers shared by different parts would make them look alike.
 */
export function detectionSentence(d: { object: string | null; userConfirmedObject: string | null }): string | null {
  return d.userConfirmedObject?.trim() || d.object || null;
}

/** Cosine similarity of two vectors of one model (0 when either is empty). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
