// /robots.txt: everything public may be crawled except the team area, the account pages and the
// code and application pages (which also carry noindex); points to the sitemap.
import { getConfig } from '~/server/config.server';
import { NOT_FOR_CRAWLERS } from '~/lib/public-pages';
import { absoluteUrl } from '~/lib/seo';

export function robotsTxt(publicUrl: string) {
  return [
    'User-agent: *',
    'Allow: /',
    ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`),
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
