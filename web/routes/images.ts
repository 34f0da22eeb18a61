// GET /images/<asset>-<width>.<avif|webp|jpg|png>: an image rendition from our own origin (generated
// on first request, then served from the cache; the name changes whenever the image does). JPEG and
// PNG renditions exist for the images of newsletters (mail programs rarely show AVIF or WebP).
import { readFile } from 'node:fs/promises';
import type { Route } from './+types/images';
import { getImagePipeline, loadAllContent } from '~/server/content/content.server';

const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

export async function loader({ params }: Route.LoaderArgs) {
  const name = params.file;
  const file = await getImagePipeline().rendition(name, loadAllContent);
  if (!file) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const data = await readFile(file);
  return new Response(data, {
    headers: {
      'Content-Type': TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      'Content-Length': String(data.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
