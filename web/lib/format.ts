// Prices the German way, for the pages that show them (landing page, /konto). Dates and times are
// in berlin-time.ts.

/**
 * A price in German notation ("1.290,5 €", "0 €": at most two decimals, a non-breaking space). Written
 * out instead of Intl.NumberFormat: the first Intl formatter loads the locale data, one task of
 * ~55 ms on a 2-core VM (~220 ms with a phone's 4× slower CPU) in the middle of the landing page's
 * hydration (decision 019).
 */
export function formatPrice(euros: number): string {
  const cents = Math.round(Math.abs(euros) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  const fraction = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const sign = euros < 0 && cents > 0 ? '-' : '';
  return `${sign}${whole}${fraction ? `,${fraction}` : ''}\u00a0€`;
}
