export * from './limits.js';
export * from './messages.js';
export * from './auth.js';
export * from './session.js';
export * from './posts.js';
export * from './members.js';
export * from './link-previews.js';
export * from './search.js';
