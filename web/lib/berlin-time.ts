// The site's days are Europe/Berlin days, whoever reads them and wherever the server runs. This
// module is their one home: it cuts instants into Berlin days and times of day, finds where a day
// begins, counts days, and writes dates and times the German way, for every domain and view.
//
// One Intl formatter, made on first use: the first Intl formatter loads the locale data, a task of
// ~55 ms on a 2-core VM in the middle of the landing page's hydration (decision 019), so a calendar
// day (2025-06-21) is written out without it, and only an instant asks Intl for Berlin's offset.

/** The time zone of the business, as Intl and PostgreSQL (`at time zone`) name it. */
export const BERLIN_TIME_ZONE = 'Europe/Berlin';

/** A moment as the server and the API carry it: a Date, epoch milliseconds, or an ISO string. */
export type Instant = Date | number | string;

/** The Berlin wall clock of an instant. */
export interface BerlinParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

let partsFormat: Intl.DateTimeFormat | undefined;

/** The Berlin wall clock of an instant, every part zero-padded (hours 00–23). */
export function berlinParts(at: Date | number): BerlinParts {
  partsFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BERLIN_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p: Record<string, string> = {};
  for (const { type, value } of partsFormat.formatToParts(at)) p[type] = value;
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** The Berlin wall-clock time of `ms` read as if it were UTC (its offset added). */
function wallClock(ms: number): number {
  const p = berlinParts(ms);
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
}

/** The day `days` after (or before, when negative) a day, YYYY-MM-DD (calendar days: no time zone). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to` (YYYY-MM-DD), both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The instant a Berlin day (YYYY-MM-DD) begins (midnight never falls in a DST change there). */
export function berlinDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let start = utcMidnight - (wallClock(utcMidnight) - utcMidnight);
  // The offset at the day's start itself (differs only on a DST change day).
  start = utcMidnight - (wallClock(start) - start);
  return new Date(start);
}

// The day of the last instant asked for, with its bounds: every beacon and counted click asks.
let lastDay: { day: string; start: number; end: number } | undefined;

/** The Berlin calendar day (YYYY-MM-DD) of an instant. */
export function berlinDay(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (lastDay && ms >= lastDay.start && ms < lastDay.end) return lastDay.day;
  const p = berlinParts(ms);
  const day = `${p.year}-${p.month}-${p.day}`;
  lastDay = { day, start: berlinDayStart(day).getTime(), end: berlinDayStart(addDays(day, 1)).getTime() };
  return day;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant as a Date, or undefined when there is none or it is not one (a string must be ISO 8601). */
function toDate(value: Instant | null | undefined): Date | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}(T|$)/.test(value)) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** What an unreadable value is shown as: `otherwise`, or the value as given. */
const shown = (value: Instant | null | undefined, otherwise: string | undefined) =>
  otherwise ?? (value === null || value === undefined ? '' : String(value));

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

/** The Berlin day of a calendar day (as it is) or of an instant, as [year, month, day]. */
function dayParts(value: Instant): [string, string, string] | undefined {
  const calendar = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  if (calendar) return [calendar[1]!, calendar[2]!, calendar[3]!];
  const date = toDate(value);
  if (!date) return undefined;
  const p = berlinParts(date);
  return [p.year, p.month, p.day];
}

/**
 * A day the German way ("21.06.2025"): a calendar day (2025-06-21) as it is, an instant by its
 * Berlin day. Anything unreadable is shown as `otherwise` (default: as given).
 */
export function formatDate(value: Instant | null | undefined, otherwise?: string): string {
  const day = value === null || value === undefined ? undefined : dayParts(value);
  return day ? `${day[2]}.${day[1]}.${day[0]}` : shown(value, otherwise);
}

/** A day as a letter names it ("14. Oktober 2025"), like `formatDate`. */
export function formatLongDate(value: Instant | null | undefined, otherwise?: string): string {
  const day = value === null || value === undefined ? undefined : dayParts(value);
  return day ? `${Number(day[2])}. ${MONTHS[Number(day[1]) - 1]} ${day[0]}` : shown(value, otherwise);
}

/** The Berlin time of day of an instant ("14:05", with `seconds` "14:05:03"). */
export function formatTime(
  value: Instant | null | undefined,
  { otherwise, seconds = false }: { otherwise?: string; seconds?: boolean } = {},
): string {
  const date = toDate(value);
  if (!date) return shown(value, otherwise);
  const p = berlinParts(date);
  return seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
}

/** An instant by Berlin's clock, "22.11.2026, 14:05"; anything unreadable as `otherwise` (default: as given). */
export function formatDateTime(value: Instant | null | undefined, otherwise?: string): string {
  const date = toDate(value);
  return date ? `${formatDate(date)}, ${formatTime(date)}` : shown(value, otherwise);
}

/** An instant as a sentence says it, "20.11.2026 um 14:02 Uhr"; anything unreadable as given. */
export function formatDateAtTime(value: Instant | null | undefined): string {
  const date = toDate(value);
  return date ? `${formatDate(date)} um ${formatTime(date)} Uhr` : shown(value, undefined);
}
