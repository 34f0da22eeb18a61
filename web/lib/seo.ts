// Title, description and robots tags for a page. Extended with canonical/Open Graph by the landing page work.
export const SITE_NAME = 'Bewegungscoaching für Pferd und Reiter';

export interface PageMetaInput {
  title: string;
  description?: string;
  path: string;
  noindex?: boolean;
}

export function pageMeta({ title, description, noindex }: PageMetaInput) {
  return [
    { title: title === SITE_NAME ? title : `${title} | ${SITE_NAME}` },
    ...(description ? [{ name: 'description', content: description }] : []),
    ...(noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
  ];
}
