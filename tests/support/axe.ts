// axe-core in the page, on the rules of WCAG 2.1 A and AA and axe's best practices.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Every violation on the page as "rule: the elements' selectors"; `seriousOnly` keeps serious and
 * critical ones; `exclude` leaves out what those selectors match (a sandboxed frame, where axe's
 * script cannot run).
 */
export async function axeViolations(
  page: Page,
  { seriousOnly = false, exclude = [] as string[] } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page: page as never }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  for (const selector of exclude) builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The serious and critical violations on the page (see axeViolations). */
export const seriousViolations = (page: Page, exclude: string[] = []) =>
  axeViolations(page, { seriousOnly: true, exclude });
