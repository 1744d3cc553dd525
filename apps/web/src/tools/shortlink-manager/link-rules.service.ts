import {
  DEFAULT_REDIRECT_STATUS,
  LINK_STATE_LABELS,
  linkState,
  type InactiveReason,
  type RedirectStatus,
  type Shortlink,
  type ShortlinkRules,
} from '@toolvault/shared';
import { ZShortlinkRules } from '@toolvault/shared/schemas';

/*
 * The rules part of the manager's form: the values as the inputs hold them (datetime-local text in
 * the visitor's own time zone, numbers as text), to and from the API's fields (UTC ISO instants),
 * and each field's own message for inline display. No React.
 */

export interface RuleFormValues {
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone, '' for none. */
  validFrom: string;
  validUntil: string;
  /** Digits, '' for no limit. */
  maxVisits: string;
  fallbackUrl: string;
  redirectStatus: string;
}

export const EMPTY_RULES: RuleFormValues = {
  validFrom: '',
  validUntil: '',
  maxVisits: '',
  fallbackUrl: '',
  redirectStatus: String(DEFAULT_REDIRECT_STATUS),
};

export type RuleField = keyof RuleFormValues;
export type RuleIssues = Partial<Record<RuleField, string>>;

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a datetime-local value in the browser's time zone ('' for none or garbage). */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * A datetime-local value (the browser's time zone) as an ISO instant in UTC; '' is none. Text the
 * input would never hold is passed on as it is, so the schema names the field in its message.
 */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/.test(value)) return value;
  const date = new Date(value); // no zone: the browser's own, as the input shows it
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function rulesFromLink(link: ShortlinkRules): RuleFormValues {
  return {
    validFrom: toLocalInput(link.validFrom),
    validUntil: toLocalInput(link.validUntil),
    maxVisits: link.maxVisits === null ? '' : String(link.maxVisits),
    fallbackUrl: link.fallbackUrl ?? '',
    redirectStatus: String(link.redirectStatus),
  };
}

/** The body's rule fields; text that is no number is sent as it is, for the schema to refuse. */
export function rulesBody(values: RuleFormValues): Record<RuleField, unknown> {
  const number = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
  return {
    validFrom: fromLocalInput(values.validFrom),
    validUntil: fromLocalInput(values.validUntil),
    maxVisits: values.maxVisits.trim() === '' ? null : number(values.maxVisits),
    fallbackUrl: values.fallbackUrl,
    redirectStatus: number(values.redirectStatus),
  };
}

/** Each rule field's first problem, by the API's own schema, for the form to show beside it. */
export function ruleIssues(values: RuleFormValues): RuleIssues {
  const parsed = ZShortlinkRules.safeParse(rulesBody(values));
  if (parsed.success) return {};
  const issues: RuleIssues = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as RuleField;
    issues[field] ??= issue.message;
  }
  return issues;
}

export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = {
  301: '301 Moved Permanently',
  302: '302 Found (default)',
  307: '307 Temporary Redirect',
  308: '308 Permanent Redirect',
};

/** The badge of a link inactive at `now`, or null for an active one. */
export function inactiveBadge(link: Shortlink, now: Date | number): { reason: InactiveReason; label: string } | null {
  const state = linkState(link, now);
  return state === 'active' ? null : { reason: state, label: LINK_STATE_LABELS[state] };
}
