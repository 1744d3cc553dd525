/** The Audit page's logic, without React: its filters, what it asks the API, how it shows an event. */
import { AUDIT_TARGET_TYPES, type AuditEvent, type AuditTargetType, type QueryValues } from '@toolvault/shared';

/** The filters as the form holds them (and the address keeps them): text, '' meaning "any". */
export interface AuditFilters {
  /** A person's id. */
  actor: string;
  type: AuditTargetType | '';
  /** Days as `<input type="date">` gives them (YYYY-MM-DD), in the viewer's time zone. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', type: '', from: '', to: '' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The filters in a page address (`?actor=3&type=link&from=2025-03-01`); anything unreadable is left out. */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const type = params.get('type') ?? '';
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return localDay(value, 'start') ? value : '';
  };
  return {
    actor: /^[1-9]\d{0,9}$/.test(params.get('actor') ?? '') ? (params.get('actor') ?? '') : '',
    type: (AUDIT_TARGET_TYPES as readonly string[]).includes(type) ? (type as AuditTargetType) : '',
    from: day('from'),
    to: day('to'),
  };
}

/** The filters as a page address keeps them: only those that are set. */
export function paramsFromFilters(filters: AuditFilters): URLSearchParams {
  return new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
}

/**
 * The first (or last) millisecond of a day of the viewer's calendar, as the UTC time the API takes:
 * someone in Berlin asking for March 15 means their March 15, not UTC's.
 */
function localDay(day: string, edge: 'start' | 'end'): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const time = edge === 'start' ? new Date(year, month, date) : new Date(year, month, date, 23, 59, 59, 999);
  if (time.getFullYear() !== year || time.getMonth() !== month || time.getDate() !== date) return null;
  const iso = time.toISOString();
  return /^\d{4}-/.test(iso) ? iso : null;
}

/** What is wrong with the filters, per field; empty when the API may be asked. */
export function filterProblems(filters: AuditFilters): Partial<Record<keyof AuditFilters, string>> {
  const problems: Partial<Record<keyof AuditFilters, string>> = {};
  const actor = filters.actor.trim();
  if (actor !== '' && !/^[1-9]\d{0,9}$/.test(actor)) problems.actor = 'A person id is a whole number from 1';
  const from = filters.from === '' ? null : localDay(filters.from, 'start');
  const to = filters.to === '' ? null : localDay(filters.to, 'end');
  if (filters.from !== '' && from === null) problems.from = 'Enter a date';
  if (filters.to !== '' && to === null) problems.to = 'Enter a date';
  if (from !== null && to !== null && from > to) problems.to = 'The end date must not be before the start date';
  return problems;
}

/** The API's query for these filters (checked with filterProblems first). */
export function auditQuery(filters: AuditFilters): QueryValues {
  return {
    actor: filters.actor.trim(),
    type: filters.type,
    from: filters.from === '' ? '' : (localDay(filters.from, 'start') ?? ''),
    to: filters.to === '' ? '' : (localDay(filters.to, 'end') ?? ''),
  };
}

/** `link.updated` → "Link updated"; actions added later read as well. */
export function actionLabel(action: string): string {
  const words = action.replace(/[._]/g, ' ').trim();
  return words === '' ? action : words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who did it, in words: the login as recorded, and the key when one acted. */
export function actorText({ actor }: AuditEvent): string {
  if (actor.keyPrefix !== undefined && !actor.label.includes(actor.keyPrefix)) {
    return `${actor.label} (key ${actor.keyPrefix}…)`;
  }
  return actor.label;
}

/** What it was about: `link 42`, or the type alone when there is no id. */
export function targetText({ targetType, targetId }: AuditEvent): string {
  return targetId === '' ? targetType : `${targetType} ${targetId}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "2025-03-15 13:05:09" in the viewer's time zone: sortable, to the second. */
export function formatEventTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The export's file name, dated by the viewer's day: `audit-log-2025-03-15.csv`. */
export function auditFileName(now: Date): string {
  return `audit-log-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
