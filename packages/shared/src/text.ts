import { z } from 'zod';
import { MSG } from './messages.js';

// PostgreSQL cannot store a NUL character in text: every text field refuses it before anything else.
const NUL = '\u0000';

export const hasNul = (value: string): boolean => value.includes(NUL);

/** Every text a client sends goes through this: a string without NUL characters, then its own rules. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasNul(value), { message: MSG.nulCharacter, abort: true });
}

/** A file name fit to store and log: no control characters or path separators, at most 255 characters. */
export function safeFileName(name: string | undefined | null): string {
  const cleaned = (name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\]/g, '_')
    .trim();
  return cleaned.slice(0, 255);
}
