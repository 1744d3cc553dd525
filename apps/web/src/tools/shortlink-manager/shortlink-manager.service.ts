import {
  cryptoRandomIndex,
  generateShortCode,
  GUEST_CREATE_INTERVAL_MS,
  parseTagsText,
  SHORTLINK_LIMITS,
  SHORTLINK_MESSAGES,
  type ApiErrorCode,
  type GuestShortlinkInput,
  type RandomIndex,
  type ShortlinkAnalytics,
  type Shortlink,
  type ShortlinkInput,
  type ShortlinkPage,
  type ShortlinkSummary,
  type ShortlinkUpdate,
  type RedirectMode,
} from '@toolvault/shared';
import { ZGuestShortlinkInput, ZShortlinkInput, ZShortlinkUpdate } from '@toolvault/shared/schemas';
import { passwordField, type LinkPasswordAction } from './link-password-form';
import { EMPTY_RULES, rulesBody, rulesFromLink, type RuleFormValues } from './link-rules.service';
import type { z } from 'zod';
import { err, ok, type Result } from '../../lib/result';
import { formatCount } from '../../lib/format';

/** Local storage keys, as designed, so stored data keeps working (docs/decisions/0011-original-design.md). */
export const GUEST_LINK_KEY = 'guest_shortlink';
export const GUEST_LAST_CREATED_KEY = 'guest_shortlink_last_created';

// ---------------------------------------------------------------- statistics

export interface SummaryStats {
  totalLinks: number;
  totalClicks: number;
  /** Links created on the current UTC date ("Today"), as the server counts them. */
  createdToday: number;
  /** Total clicks per link, rounded; 0 without links. */
  averageClicks: number;
}

/** The Overview figures from the server's summary. */
export function summaryStats({
  totalLinks,
  totalClicks,
  createdToday,
}: Pick<ShortlinkSummary, 'totalLinks' | 'totalClicks' | 'createdToday'>): SummaryStats {
  return {
    totalLinks,
    totalClicks,
    createdToday,
    averageClicks: totalLinks === 0 ? 0 : Math.round(totalClicks / totalLinks),
  };
}

// ---------------------------------------------------------------- guest limit

export type GuestLimit = { allowed: true } | { allowed: false; remainingSeconds: number };

/** One guest creation per 60 s, measured from the stored timestamp. */
export function checkGuestLimit(lastCreated: number | null, now: number): GuestLimit {
  if (lastCreated === null || !Number.isFinite(lastCreated)) return { allowed: true };
  const elapsed = now - lastCreated;
  // A timestamp in the future (clock changed) still blocks for at most one interval.
  if (elapsed >= GUEST_CREATE_INTERVAL_MS || elapsed < -GUEST_CREATE_INTERVAL_MS) return { allowed: true };
  const remaining = GUEST_CREATE_INTERVAL_MS - Math.max(elapsed, 0);
  return { allowed: false, remainingSeconds: Math.ceil(remaining / 1000) };
}

/** The stored `guest_shortlink_last_created` value, or null when absent or unreadable. */
export function parseStoredTimestamp(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The stored `guest_shortlink` object, or null when absent or not a shortlink. */
export function parseStoredGuestLink(text: string | null): Shortlink | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const link = value as Partial<Shortlink>;
  if (typeof link.shortCode !== 'string' || typeof link.targetUrl !== 'string' || typeof link.title !== 'string')
    return null;
  return value as Shortlink;
}

/** The rate-limit line shown under the guest form. */
export function rateLimitDetail(remainingSeconds: number | null): string {
  if (remainingSeconds === null || remainingSeconds <= 0) return SHORTLINK_MESSAGES.guestRateLimited;
  const unit = remainingSeconds === 1 ? 'second' : 'seconds';
  return `${SHORTLINK_MESSAGES.guestRateLimited} Try again in ${remainingSeconds} ${unit}.`;
}

// ---------------------------------------------------------------- forms

export interface LinkFormValues {
  title: string;
  targetUrl: string;
  shortCode: string;
  metaImage: string;
  description: string;
  /** Comma separated. */
  tags: string;
  /** The preview page with its 8-second countdown (the default), or a redirect at once. */
  redirectMode: RedirectMode;
  /** What to do with the link's password (write-only: the form never holds the current one). */
  passwordAction: LinkPasswordAction;
  /** The new password, when passwordAction is 'set'. */
  password: string;
  /** Whether the link being edited has a password now. */
  hadPassword: boolean;
  /** Validity window, visit limit, fallback and redirect status (link-rules.service.ts). */
  rules: RuleFormValues;
  /** The folder's id as text, or '' for none. */
  folder: string;
}

export const EMPTY_FORM: LinkFormValues = {
  title: '',
  targetUrl: '',
  shortCode: '',
  metaImage: '',
  description: '',
  tags: '',
  redirectMode: 'preview',
  passwordAction: 'keep',
  password: '',
  hadPassword: false,
  rules: EMPTY_RULES,
  folder: '',
};

/** The form filled from a link for Edit; tags joined with a comma and a space. */
export function formFromLink(link: Shortlink): LinkFormValues {
  return {
    title: link.title,
    targetUrl: link.targetUrl,
    shortCode: link.shortCode,
    metaImage: link.metaImage,
    description: link.description,
    tags: link.tags.join(', '),
    redirectMode: link.redirectMode === 'direct' ? 'direct' : 'preview',
    passwordAction: 'keep',
    password: '',
    hadPassword: link.hasPassword === true,
    rules: rulesFromLink(link),
    folder: link.folderId == null ? '' : String(link.folderId),
  };
}

/**
 * The form's fields as a create body: the password choice becomes the write-only `password` field,
 * the rules their own fields.
 */
function bodyOf({ passwordAction, password, hadPassword: _had, rules, folder, ...rest }: LinkFormValues) {
  return {
    ...rest,
    tags: parseTagsText(rest.tags),
    ...passwordField(passwordAction, password),
    ...rulesBody(rules),
    folderId: folder === '' ? null : Number(folder),
  };
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** The admin form through the shared schema: the create body, with '' short code meaning "generate". */
export function validateCreateForm(values: LinkFormValues): Result<ShortlinkInput> {
  const parsed = ZShortlinkInput.safeParse(bodyOf(values));
  return parsed.success ? ok(parsed.data) : err(firstIssue(parsed.error));
}

/** The admin form in edit mode: the update body (a link keeps its code). */
export function validateUpdateForm(values: LinkFormValues): Result<ShortlinkUpdate> {
  const { shortCode: _code, ...rest } = bodyOf(values);
  const parsed = ZShortlinkUpdate.safeParse(rest);
  return parsed.success ? ok(parsed.data) : err(firstIssue(parsed.error));
}

export interface GuestFormValues {
  title: string;
  targetUrl: string;
  metaImage: string;
}

export const EMPTY_GUEST_FORM: GuestFormValues = { title: '', targetUrl: '', metaImage: '' };

/** Which toast a refused guest form shows. */
export type GuestFormProblem = { kind: 'required' | 'invalid-url' | 'other'; message: string };

export function validateGuestForm(values: GuestFormValues): Result<GuestShortlinkInput, GuestFormProblem> {
  const parsed = ZGuestShortlinkInput.safeParse(values);
  if (parsed.success) return ok(parsed.data);
  return err(classifyGuestError(firstIssue(parsed.error)));
}

/** Maps a message of the form's own validation (the shared schema's issue) to the guest toast it belongs to. */
export function classifyGuestError(message: string): GuestFormProblem {
  if (message === SHORTLINK_MESSAGES.required) return { kind: 'required', message };
  if (message === SHORTLINK_MESSAGES.invalidUrl) return { kind: 'invalid-url', message };
  return { kind: 'other', message };
}

// ---------------------------------------------------------------- create with retry

/** What one creation attempt answers: anything, or a failure with the server's code. */
export type SendResult = Result<unknown, { code?: ApiErrorCode }>;

const isCodeTaken = (result: SendResult) => !result.ok && result.error.code === 'SHORT_CODE_TAKEN';

/**
 * When no code was typed, the form sends a random one and, when
 * the answer says 'Short code already exists', retries with a new code. A
 * typed code is sent once, so its owner sees the conflict.
 */
export async function createWithRetry<R extends SendResult>(
  input: ShortlinkInput,
  send: (body: ShortlinkInput) => Promise<R>,
  { randomIndex = cryptoRandomIndex, attempts = 5 }: { randomIndex?: RandomIndex; attempts?: number } = {},
): Promise<R> {
  if (input.shortCode !== undefined) return send(input);
  let result = await send({ ...input, shortCode: generateShortCode(randomIndex) });
  for (let attempt = 1; attempt < attempts && isCodeTaken(result); attempt++) {
    result = await send({ ...input, shortCode: generateShortCode(randomIndex) });
  }
  return result;
}

// ---------------------------------------------------------------- import

/** The JSON body limit of the import route: 10,000 rows of a few hundred bytes each. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_LABEL = '10 MB';

/** Import accepts only a JSON file holding an array, else 'Invalid JSON file format'. */
export function parseImportFile(text: string): Result<unknown[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return err(SHORTLINK_MESSAGES.invalidImport);
  }
  if (!Array.isArray(value)) return err(SHORTLINK_MESSAGES.invalidImport);
  if (value.length === 0) return err('The file contains no shortlinks');
  if (value.length > SHORTLINK_LIMITS.importRows)
    return err(`At most ${formatCount(SHORTLINK_LIMITS.importRows)} shortlinks can be imported at once`);
  return ok(value);
}

/** What an export holds: the links (the import's format), or every raw click the server keeps. */
export type ExportKind = 'links' | 'clicks';

/** The start of each export's file name, the same as the name the server gives it. */
const EXPORT_FILE_STEMS: Record<ExportKind, string> = { links: 'shortlinks', clicks: 'shortlink-clicks' };

/** File name of an export: shortlinks-YYYY-MM-DD.json, shortlink-clicks-YYYY-MM-DD.csv… (local date). */
export function exportFileName(now: Date, format: 'json' | 'csv' = 'json', kind: ExportKind = 'links'): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${EXPORT_FILE_STEMS[kind]}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${format}`;
}

/** '{n} shortlinks …' with the singular for one. */
export function countLabel(count: number, noun = 'shortlink'): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

// ---------------------------------------------------------------- analytics chart

export interface ChartBar {
  date: string;
  clicks: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartModel {
  bars: ChartBar[];
  maxClicks: number;
  totalClicks: number;
  /** The busiest day, or null when nothing was clicked. */
  peak: { date: string; clicks: number } | null;
}

/**
 * Geometry of the clicks-per-day bars in a `width` × `height` box. A day with
 * clicks is at least 2 units tall so a single click is visible beside a peak.
 */
export function chartModel(
  days: ShortlinkAnalytics['clicksPerDay'],
  { width, height, gap = 2 }: { width: number; height: number; gap?: number },
): ChartModel {
  const maxClicks = days.reduce((max, day) => Math.max(max, day.clicks), 0);
  const totalClicks = days.reduce((sum, day) => sum + day.clicks, 0);
  const slot = days.length === 0 ? 0 : width / days.length;
  const barWidth = Math.max(slot - gap, 1);
  const bars = days.map((day, index) => {
    const barHeight = maxClicks === 0 || day.clicks === 0 ? 0 : Math.max((day.clicks / maxClicks) * height, 2);
    return {
      date: day.date,
      clicks: day.clicks,
      x: index * slot + gap / 2,
      y: height - barHeight,
      width: barWidth,
      height: barHeight,
    };
  });
  const peak = days.reduce<ChartModel['peak']>(
    (best, day) => (day.clicks > 0 && (best === null || day.clicks > best.clicks) ? day : best),
    null,
  );
  return { bars, maxClicks, totalClicks, peak: peak ? { date: peak.date, clicks: peak.clicks } : null };
}

/** Share of `value` in `total` as a whole percentage for the small bars beside referrers and countries. */
export function percentOf(value: number, total: number): number {
  return total <= 0 ? 0 : Math.round((value / total) * 100);
}

// ---------------------------------------------------------------- tabs

/** ARIA tabs keyboard model: arrows wrap, Home and End jump; null for keys the tab list ignores. */
export function tabIndexAfterKey(current: number, key: string, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** A host to show beside a target, or the text itself when it does not parse. */
export function displayHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** A page with `change` applied to its rows, its total lowered by the rows it lost. */
export function pageWithRows(page: ShortlinkPage, change: (items: Shortlink[]) => Shortlink[]): ShortlinkPage {
  const items = change(page.items);
  // A capped total ("10,000+") says only that there are more: it stays as it is.
  if (page.totalCapped) return { ...page, items };
  return { ...page, items, total: Math.max(0, page.total - (page.items.length - items.length)) };
}
