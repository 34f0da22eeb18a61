// /robots.txt: everything public may be crawled except the team and account areas (which also
// carry noindex); points to the sitemap.
import { getConfig } from '~/server/config.server';
import { absoluteUrl } from '~/lib/seo';

export const DISALLOWED = ['/teamdashboard', '/auth', '/access', '/api/'] as const;

export function robotsTxt(publicUrl: string) {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export function loader() {
  return new Response(robotsTxt(getConfig().publicUrl), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
