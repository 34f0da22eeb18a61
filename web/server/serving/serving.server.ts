// Answering like a static file server: prerendered pages and hashed assets held in memory with
// their precompressed variants, and re-rendering the pages when the content changes (revalidate).
export * from './static-files.server';
export * from './prerendered-pages.server';
export * from './hashed-assets.server';
export * from './precompress.server';
export * from './revalidate.server';
