// GET /images/<asset>-<width>.<avif|webp>: an image rendition from our own origin (generated on
// first request, then served from the cache; the name changes whenever the image does).
import { readFile } from 'node:fs/promises';
import type { Route } from './+types/images';
import { getImagePipeline, loadAllContent } from '~/server/content/content.server';

const TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

export async function loader({ params }: Route.LoaderArgs) {
  const name = params.file;
  const file = await getImagePipeline().rendition(name, loadAllContent);
  if (!file) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const data = await readFile(file);
  return new Response(data, {
    headers: {
      'Content-Type': TYPES[name.endsWith('.avif') ? 'avif' : 'webp'],
      'Content-Length': String(data.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
