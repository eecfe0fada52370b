// One entry for both sides. Every module is free of side effects ("sideEffects": false in package.json), so a
// bundle keeps only what it uses: the zod schemas live in *-schemas.ts files, which a page that only reads
// constants, messages and types never loads (the home page ships no zod).
export * from './limits.js';
export * from './images.js';
export * from './messages.js';
export * from './text.js';
export * from './auth.js';
export * from './auth-schemas.js';
export * from './session.js';
export * from './posts.js';
export * from './posts-schemas.js';
export * from './members.js';
export * from './members-schemas.js';
export * from './moderation.js';
export * from './moderation-schemas.js';
export * from './member-text.js';
export * from './member-text-schemas.js';
export * from './replies.js';
export * from './replies-schemas.js';
export * from './notifications.js';
export * from './events.js';
export * from './events-schemas.js';
export * from './analytics.js';
export * from './analytics-schemas.js';
export * from './link-previews.js';
export * from './link-previews-schemas.js';
export * from './search.js';
export * from './detection.js';
export * from './detection-schemas.js';
