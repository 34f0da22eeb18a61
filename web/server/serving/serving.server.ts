// Answering like a static file server: prerendered pages and hashed assets held in memory with
// their precompressed variants, and keeping the pages in step with the published content
// (content sync, announced by the Sanity webhook).
export { sendStaticFile, type StaticFile } from './static-files.server';
export { DATA_HEADERS, PrerenderedPages } from './prerendered-pages.server';
export { loadHashedAssets } from './hashed-assets.server';
export { SIGNATURE_HEADER, verifySanityWebhook } from './sanity-webhook.server';
export {
  announceContentChange,
  contentStatus,
  registerPrerenderTarget,
  startContentSync,
  syncContent,
} from './content-sync.server';
