// The public pages, in one list: react-router.config.ts prerenders them, /sitemap.xml lists them,
// and the tests that visit "every public page" iterate over them. A new public page is added here
// and in web/routes.ts.
import type { LegalSlug } from './content-types';

/** The legal pages: one route module (web/routes/legal.tsx) serves all three; path → content slug. */
export const LEGAL_PAGES = [
  { path: '/imprint', slug: 'imprint' },
  { path: '/datenschutz', slug: 'datenschutz' },
  { path: '/agb', slug: 'agb' },
] as const satisfies readonly { path: string; slug: LegalSlug }[];

export const LEGAL_PATHS = LEGAL_PAGES.map((p) => p.path);

/** Prerendered, in the sitemap, open to crawlers: the start page first, then the legal pages. */
export const PUBLIC_PAGES = ['/', ...LEGAL_PATHS] as const;

/** Areas crawlers are asked to leave alone (robots.txt); their pages also carry noindex. */
export const NOT_FOR_CRAWLERS = [
  '/teamdashboard',
  '/auth',
  '/konto',
  '/passwort-neu',
  '/access',
  '/bewerbung',
  '/api/',
] as const;

/** The content slug of a legal page's path (undefined for any other path). */
export const legalSlugOf = (path: string): LegalSlug | undefined => LEGAL_PAGES.find((p) => p.path === path)?.slug;

/** The path of a legal page. */
export const legalPathOf = (slug: LegalSlug) => LEGAL_PAGES.find((p) => p.slug === slug)!.path;
