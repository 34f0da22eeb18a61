// Answering like a static file server: prerendered pages and hashed assets held in memory with
// their precompressed variants, and keeping the pages in step with the published content
// (content sync, announced by the Sanity webhook).
export * from './static-files.server';
export * from './prerendered-pages.server';
export * from './hashed-assets.server';
export * from './precompress.server';
export * from './sanity-webhook.server';
export * from './content-sync.server';
