/** The audit log's query (`GET /api/audit` and its CSV export). */
import { z } from './zod';
import { AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE_MAX, AUDIT_TARGET_TYPES, type AuditTargetType } from './audit';
import { MAX_STORED_INTEGER } from './storage-limits';
import { integerParameterMeta, oneValue, renderedAs, wholeNumber } from './text.schemas';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * An ISO date or date-time as the UTC instant the log compares (`2025-03-15T12:00:00.000Z`): a date
 * is the first millisecond of that UTC day, or with `endOfDay` its last, so `to=2025-03-15` takes in
 * the whole day. Null for anything else, a day that is not in the calendar (February 30) included:
 * Date.parse would roll it over into March.
 */
export function auditInstant(value: string, { endOfDay = false } = {}): string | null {
  const date = DATE.exec(value) ?? DATE_TIME.exec(value);
  if (!date) return null;
  const [, year, month, day] = date;
  const midnight = Date.UTC(Number(year), Number(month) - 1, Number(day));
  if (new Date(midnight).toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  const time = DATE.test(value) ? midnight + (endOfDay ? DAY_MS - 1 : 0) : Date.parse(value);
  if (!Number.isFinite(time)) return null;
  // An offset can move a time of year 9999 past it (or of year 0 before it), where toISOString
  // writes six digits and a sign: the stored times, all four-digit years, would not compare as text.
  const iso = new Date(time).toISOString();
  return /^\d{4}-/.test(iso) ? iso : null;
}

const timeMessage = (name: string) =>
  `${name} must be a date (YYYY-MM-DD) or a date-time with a time zone (2025-03-15T12:00:00Z)`;

const instant = (name: 'from' | 'to') =>
  oneValue(name)
    .optional()
    .transform((value, ctx) => {
      const trimmed = (value ?? '').trim();
      if (trimmed === '') return undefined;
      const parsed = auditInstant(trimmed, { endOfDay: name === 'to' });
      if (parsed !== null) return parsed;
      ctx.addIssue({ code: 'custom', message: timeMessage(name) });
      return z.NEVER;
    })
    .meta({
      override: renderedAs({
        anyOf: [
          { type: 'string', format: 'date' },
          { type: 'string', format: 'date-time' },
        ],
        description:
          name === 'from'
            ? 'Events at or after this time; a date means the start of that UTC day'
            : 'Events at or before this time; a date means the end of that UTC day',
      }),
    });

const actorMessage = 'actor must be the id of a person (a positive whole number)';
const typeMessage = `type must be one of: ${AUDIT_TARGET_TYPES.join(', ')}`;
const cursorMessage = 'Invalid cursor';
/** Characters of an opaque cursor: it carries one time and one id. */
export const AUDIT_CURSOR_MAX = 200;

/** The filters, shared by the page and the export. */
const filters = {
  actor: oneValue('actor')
    .optional()
    .transform((value, ctx) => {
      const digits = (value ?? '').trim();
      if (digits === '') return undefined;
      // No person has a larger id (the column holds 32 bits), so no filter by one can match.
      const id = /^[1-9]\d{0,9}$/.test(digits) ? Number(digits) : Number.NaN;
      if (id <= MAX_STORED_INTEGER) return id;
      ctx.addIssue({ code: 'custom', message: actorMessage });
      return z.NEVER;
    })
    .meta(integerParameterMeta(1, MAX_STORED_INTEGER, undefined, 'Events of this person only')),
  type: oneValue('type')
    .optional()
    .transform((value, ctx): AuditTargetType | undefined => {
      const type = (value ?? '').trim();
      if (type === '') return undefined;
      if ((AUDIT_TARGET_TYPES as readonly string[]).includes(type)) return type as AuditTargetType;
      ctx.addIssue({ code: 'custom', message: typeMessage });
      return z.NEVER;
    })
    .meta({ override: renderedAs({ type: 'string', enum: [...AUDIT_TARGET_TYPES], description: 'What it is about' }) }),
  from: instant('from'),
  to: instant('to'),
};

/** A window that ends before it starts is a mistake, not an empty answer. */
const fromNotAfterTo = (query: { from?: string | undefined; to?: string | undefined }, ctx: z.core.$RefinementCtx) => {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
  }
};

/** `GET /api/audit/export?actor=&type=&from=&to=`: every matching event, newest first. */
export const ZAuditExportQuery = z.object(filters).superRefine(fromNotAfterTo);
export type AuditExportQuery = z.output<typeof ZAuditExportQuery>;

/**
 * `GET /api/audit?actor=&type=&from=&to=&cursor=&limit=`. The cursor is opaque: the API hands it out
 * as `nextCursor` and the client sends it back unchanged with the same filters.
 */
export const ZAuditListQuery = z
  .object({
    ...filters,
    cursor: oneValue('cursor')
      .max(AUDIT_CURSOR_MAX, { error: cursorMessage })
      .regex(/^[A-Za-z0-9_-]*$/, { error: cursorMessage })
      .optional()
      .transform((value) => value || undefined)
      .meta({ description: 'nextCursor of the previous page, with the same filters' }),
    limit: wholeNumber('limit', 1, AUDIT_PAGE_SIZE_MAX, AUDIT_PAGE_SIZE),
  })
  .superRefine(fromNotAfterTo);
export type AuditListQuery = z.output<typeof ZAuditListQuery>;
