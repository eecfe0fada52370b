import { z } from 'zod';
import { MSG } from './messages.js';
import { isHttpUrl } from './member-text.js';

/** The insert-hyperlink dialog: Link Text optional, URL required and http(s) only. */
export const hyperlinkSchema = z.object({
  text: z.string().trim().default(''),
  url: z.string().trim().refine(isHttpUrl, MSG.invalidHttpUrl),
});
export type HyperlinkInput = z.infer<typeof hyperlinkSchema>;
