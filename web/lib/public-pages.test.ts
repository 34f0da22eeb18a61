import { describe, expect, test } from 'vitest';
import { LEGAL_PATHS, legalPathOf, legalSlugOf, NOT_FOR_CRAWLERS, PUBLIC_PAGES } from './public-pages';

describe('public pages', () => {
  test('each legal path has its content slug; other paths have none', () => {
    expect(LEGAL_PATHS.map(legalSlugOf)).toEqual(['imprint', 'datenschutz', 'agb']);
    expect((['imprint', 'datenschutz', 'agb'] as const).map(legalPathOf)).toEqual(LEGAL_PATHS);
    expect(legalSlugOf('/')).toBeUndefined();
    expect(legalSlugOf('/agb/')).toBeUndefined();
  });

  test('no public page is kept from crawlers', () => {
    for (const page of PUBLIC_PAGES)
      expect(NOT_FOR_CRAWLERS.some((area) => page !== '/' && page.startsWith(area))).toBe(false);
  });
});
