// Prices and dates the German way, for the pages that show them (landing page, /konto).

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

/** An ISO date (2025-06-21) the German way (21.06.2025); anything else is returned as given. */
export function formatDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/**
 * A moment the German way in Berlin time ("20.11.2026 um 14:02 Uhr"); anything unreadable is
 * returned as given. Only pages that show times of day use it (not the landing page: see above).
 */
export function formatDateTime(value: string) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', ...options }).format(date);
  return `${part({ day: '2-digit', month: '2-digit', year: 'numeric' })} um ${part({ hour: '2-digit', minute: '2-digit' })} Uhr`;
}
