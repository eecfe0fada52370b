export * from './auth.js';
export * from './profiles.js';
export * from './posts.js';
export * from './community.js';
export * from './uploads.js';
export * from './link-previews.js';
export * from './search.js';
