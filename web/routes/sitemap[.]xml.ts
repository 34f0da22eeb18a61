// /sitemap.xml: the public, indexable pages with absolute URLs from PUBLIC_URL.
import { getConfig } from '~/server/config.server';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import { absoluteUrl } from '~/lib/seo';

export function sitemapXml(publicUrl: string) {
  const urls = PUBLIC_PAGES.map(
    (path) =>
      `  <url><loc>${absoluteUrl(publicUrl, path)}</loc><priority>${path === '/' ? '1.0' : '0.3'}</priority></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function loader() {
  return new Response(sitemapXml(getConfig().publicUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
