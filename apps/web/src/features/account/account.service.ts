/**
 * The Account page's logic, without React: what a session's browser is in plain words, and what the
 * password and key forms send (or why they cannot yet).
 */
import {
  ACCOUNT_LIMITS,
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  PASSWORD_MESSAGES,
  type ApiKeyScope,
} from '@toolvault/shared';
import { err, ok, type Result } from '../../lib/result';

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (text: string, table: readonly [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/**
 * A session's browser in plain words ("Firefox on Linux", "Safari on iPhone"), read from the
 * User-Agent it signed in with. Order matters: Edge and Opera also say "Chrome", and Chrome also
 * says "Safari".
 */
export function deviceName(userAgent: string): string {
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown device');
}

/** An address as people write it: an IPv4 client seen through an IPv6 socket loses its `::ffff:`. */
export function displayAddress(ip: string): string {
  if (ip === '') return 'Unknown address';
  return ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

export interface PasswordForm {
  current: string;
  next: string;
  confirm: string;
}

export const EMPTY_PASSWORD_FORM: PasswordForm = { current: '', next: '', confirm: '' };

export const PASSWORDS_DIFFER = 'The two new passwords do not match';

/** What is wrong with each field of the password form, by field. */
export type PasswordFormProblems = Partial<Record<keyof PasswordForm, string>>;

/** The request to send, or what to fix first: the same rules the server applies, and the confirmation. */
export function passwordChangeFrom({
  current,
  next,
  confirm,
}: PasswordForm): Result<{ currentPassword: string; newPassword: string }, PasswordFormProblems> {
  const problems: PasswordFormProblems = {};
  if (current === '') problems.current = PASSWORD_MESSAGES.currentRequired;
  if (next === '') problems.next = PASSWORD_MESSAGES.newRequired;
  else if (next.length < ACCOUNT_LIMITS.passwordMin) problems.next = PASSWORD_MESSAGES.tooShort;
  else if (next.length > ACCOUNT_LIMITS.passwordMax) problems.next = PASSWORD_MESSAGES.tooLong;
  if (problems.next === undefined && confirm !== next) problems.confirm = PASSWORDS_DIFFER;
  return Object.keys(problems).length > 0 ? err(problems) : ok({ currentPassword: current, newPassword: next });
}

export interface KeyForm {
  name: string;
  scopes: readonly ApiKeyScope[];
  /** As typed in the number field. */
  rateLimit: string;
  /** `YYYY-MM-DD` from the date field; '' for a key that never expires. */
  expiresOn: string;
}

export const EMPTY_KEY_FORM: KeyForm = {
  name: '',
  scopes: [],
  rateLimit: String(ACCOUNT_LIMITS.keyRateLimitDefault),
  expiresOn: '',
};

export type KeyFormProblems = Partial<Record<keyof KeyForm, string>>;

export const KEY_FORM_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${ACCOUNT_LIMITS.keyName} characters`,
  rateLimit: `Enter a whole number from ${ACCOUNT_LIMITS.keyRateLimitMin} to ${ACCOUNT_LIMITS.keyRateLimitMax}`,
  expiry: 'Choose a day from today on',
} as const;

/** `YYYY-MM-DD` of `date` in the visitor's time zone (what a date field shows and takes). */
export function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What POST /api/account/keys is sent. */
export interface KeyRequest {
  name: string;
  scopes: ApiKeyScope[];
  rateLimit: number;
  expiresAt?: string;
}

/**
 * The key request, or what to fix. A key chosen to expire on a day works through that whole day,
 * in the person's own time zone: it expires at the midnight that ends it.
 */
export function keyRequestFrom(
  { name, scopes, rateLimit, expiresOn }: KeyForm,
  allowed: readonly ApiKeyScope[],
  now: Date,
): Result<KeyRequest, KeyFormProblems> {
  const problems: KeyFormProblems = {};
  const trimmed = name.trim();
  if (trimmed === '') problems.name = KEY_FORM_MESSAGES.nameRequired;
  else if (trimmed.length > ACCOUNT_LIMITS.keyName) problems.name = KEY_FORM_MESSAGES.nameTooLong;
  // In the catalogue's order, so the list reads the same wherever it is shown.
  const chosen = API_KEY_SCOPES.filter((scope) => scopes.includes(scope) && allowed.includes(scope));
  if (chosen.length === 0) problems.scopes = API_KEY_MESSAGES.scopesRequired;
  const limit = /^\s*\d{1,5}\s*$/.test(rateLimit) ? Number(rateLimit) : Number.NaN;
  if (!(limit >= ACCOUNT_LIMITS.keyRateLimitMin && limit <= ACCOUNT_LIMITS.keyRateLimitMax)) {
    problems.rateLimit = KEY_FORM_MESSAGES.rateLimit;
  }
  let expiresAt: string | undefined;
  if (expiresOn !== '') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expiresOn);
    const end = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1) : null;
    if (!end || Number.isNaN(end.getTime()) || expiresOn < dayOf(now)) problems.expiresOn = KEY_FORM_MESSAGES.expiry;
    else expiresAt = end.toISOString();
  }
  if (Object.keys(problems).length > 0) return err(problems);
  return ok({ name: trimmed, scopes: chosen, rateLimit: limit, ...(expiresAt ? { expiresAt } : {}) });
}
