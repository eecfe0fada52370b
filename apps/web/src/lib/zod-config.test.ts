import { describe, expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

describe('zod in the browser', () => {
  it('is jitless, so it never tries eval (which the CSP refuses and Chromium reports)', () => {
    expect(z.config().jitless).toBe(true);
  });
});
