/**
 * Counts and dates as the pages show them, written out here rather than through Intl. A page's
 * first Intl call (`toLocaleString`, `Intl.DateTimeFormat`) makes the browser load its locale
 * data: 40–55 ms of main-thread work in Chromium on this machine, four times that on Lighthouse's
 * throttled phone, which the blog list paid for "10,000 posts" and its dates. The site's texts
 * are in US English only, so nothing is lost.
 */

/** A count with US thousands separators: 1234567 → "1,234,567" (rounded to a whole number). */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = String(Math.abs(Math.round(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value <= -0.5 ? `-${grouped}` : grouped;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "January 15, 2024": the day in the visitor's time zone, or in UTC. */
export function formatLongDate(date: Date, timeZone: 'local' | 'UTC' = 'local'): string {
  return timeZone === 'UTC'
    ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "January 15, 2024, 9:05 AM": the day and the time in the visitor's time zone, or in UTC. */
export function formatDateTime(date: Date, timeZone: 'local' | 'UTC' = 'local'): string {
  const hours = timeZone === 'UTC' ? date.getUTCHours() : date.getHours();
  const minutes = timeZone === 'UTC' ? date.getUTCMinutes() : date.getMinutes();
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${formatLongDate(date, timeZone)}, ${clock}`;
}
