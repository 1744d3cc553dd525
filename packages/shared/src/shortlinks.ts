import { z } from './zod';
import { classifyPath, RESERVED_SEGMENTS, SHORT_CODE_PATTERN } from './routes';

/** Messages of spec 001 §5 and §8 for the shortlink area, copied verbatim; the API answers with the same strings. */
export const SHORTLINK_MESSAGES = {
  /** 409, code SHORT_CODE_TAKEN; the admin form retries with a new code when it sees it (spec 001 §7). */
  shortCodeTaken: 'Short code already exists',
  /** 400 when the title or the target URL is blank (spec 001 §5). */
  required: 'Title and Target URL are required',
  /** 400 for a target or meta image that is not an http(s) URL (spec 001 §5, DECISIONS P2). */
  invalidUrl: 'Only valid http(s) URLs are allowed.',
  /** Toast title beside `invalidUrl` for guests (spec 001 §5). */
  invalidUrlTitle: 'Invalid URL',
  /** 429, code GUEST_RATE_LIMITED, with Retry-After (spec 001 §5, §9). */
  guestRateLimited: 'You can only create one shortlink per minute as a guest.',
  /** Toast title beside `guestRateLimited` (spec 001 §5). */
  guestRateLimitedTitle: 'Rate Limited',
  /** 404 of the API and the redirect page's error state (spec 001 §8). */
  notFound: 'Shortlink not found',
  /** 400 for an import body that is not a JSON array (spec 001 §5). */
  invalidImport: 'Invalid JSON file format',
  /** 400 for a target that is one of our own short links (DECISIONS P2: no links to the product's own short links). */
  selfLink: 'Links to other short links of this site are not allowed.',
  /** 400 for a client-supplied code equal to a fixed route (DECISIONS P2). */
  reservedCode: 'This short code is reserved',
  invalidCode: 'Short code must be 3 to 32 letters, digits, - or _',
  /** 400 for a target or image URL with user:password@ (a phishing pattern: https://bank.com@evil.example). */
  credentialsInUrl: 'URLs with a user name or password are not allowed.',
} as const;

/** Length caps; the spec shows none, so these are ours (DECISIONS P2: body limits). */
export const SHORTLINK_LIMITS = {
  url: 2048,
  title: 200,
  description: 500,
  tags: 20,
  tag: 50,
  /** Rows per import (one transaction). */
  importRows: 1000,
} as const;

/** Guest shortlink creation: one per 60 seconds (spec 001 §9), per client on the server (DECISIONS P2). */
export const GUEST_CREATE_INTERVAL_MS = 60_000;

/** Seconds the redirect page waits before it follows the link (spec 001 §9). */
export const REDIRECT_DELAY_SECONDS = 8;

/** Days in the analytics' clicks-per-day series (DECISIONS P6). */
export const ANALYTICS_DAYS = 30;
/** Length of the analytics' top and recent lists (spec 001 §9). */
export const ANALYTICS_TOP = 5;

/** Label of clicks without a Referer header, and of clicks whose country is not known. */
export const DIRECT_REFERRER = '(direct)';
export const UNKNOWN_COUNTRY = 'Unknown';

// Any whitespace or control character: the URL parser silently drops tabs and newlines
// (`java\tscript:` becomes `javascript:`), so such input is refused rather than "repaired".
// eslint-disable-next-line no-control-regex
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;
// After the two slashes a host must follow: the parser reads `https:///x` and `https://\\x` as host `x`.
const HTTP_PREFIX = /^https?:\/\/[^/\\]/i;

/** The part of a WHATWG URL this module reads. */
export interface ParsedUrl {
  readonly href: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly username: string;
  readonly password: string;
}
// The WHATWG URL parser exists in browsers and Node; this package's lib (ES2023 only) does not declare it.
declare const URL: new (input: string) => ParsedUrl;

export type UrlCheck = { ok: true; url: ParsedUrl } | { ok: false; error: string };

/**
 * Parses a link target or image address (DECISIONS P2): the text must start
 * with http:// or https:// and a host (so `//host`, `host.com`, `http:host`
 * and `https:///host` are refused), hold no whitespace or control characters,
 * parse with the URL parser to an http: or https: URL with a host, and carry
 * no credentials (`https://bank.example@evil.example` is a phishing pattern).
 */
export function checkHttpUrl(value: string): UrlCheck {
  const invalid = { ok: false, error: SHORTLINK_MESSAGES.invalidUrl } as const;
  if (value.length === 0 || value.length > SHORTLINK_LIMITS.url) return invalid;
  if (WHITESPACE_OR_CONTROL.test(value) || !HTTP_PREFIX.test(value)) return invalid;
  let url: ParsedUrl;
  try {
    url = new URL(value);
  } catch {
    return invalid;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return invalid;
  if (url.username !== '' || url.password !== '') return { ok: false, error: SHORTLINK_MESSAGES.credentialsInUrl };
  return { ok: true, url };
}

/** True for an address the product accepts as a link target or meta image. */
export function isHttpUrl(value: string): boolean {
  return checkHttpUrl(value).ok;
}

/**
 * True when `url` points at one of this site's short links: its host is one of `ownHosts` (with
 * port; a host without one means the scheme's default port), or, when `ownPort` is given, any
 * loopback name or address on that port (localhost, 127.0.0.0/8, ::1, 0.0.0.0: the same server by
 * another name); and its path is a single segment that the site would treat as a short code. Used
 * by the API, which knows the request's host and its own port.
 */
export function isOwnShortlinkUrl(url: ParsedUrl, ownHosts: readonly string[], ownPort?: number): boolean {
  const ours =
    ownHosts.some((own) => sameHost(url, own)) ||
    (ownPort !== undefined && isLoopbackHost(url.hostname) && effectivePort(url) === ownPort);
  if (!ours) return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  return classifyPath(pathname).kind === 'short-code';
}

/** `host` or `host:port` (a Host header, PUBLIC_URL's host) against the URL's host and port. */
function sameHost(url: ParsedUrl, own: string): boolean {
  const match = /^(.+?)(?::(\d{1,5}))?$/.exec(own.trim().toLowerCase());
  if (!match) return false;
  const [, hostname, port] = match;
  if (hostname!.replace(/\.$/, '') !== url.hostname.toLowerCase().replace(/\.$/, '')) return false;
  return port === undefined ? url.port === '' : Number(port) === effectivePort(url);
}

function effectivePort(url: ParsedUrl): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * Names and addresses that always mean this machine, as the URL parser writes them (it has
 * already turned 127.1, 0x7f.0.0.1 or 2130706433 into 127.0.0.1, and [0:0::1] into [::1]):
 * localhost and *.localhost, 127.0.0.0/8, 0.0.0.0, [::1], [::] and IPv4-mapped loopback.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '0.0.0.0' ||
    host === '[::1]' ||
    host === '[::]' ||
    /^\[::ffff:(?:7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0)\]$/.test(host)
  );
}

/** Tags text of the forms: comma separated, each trimmed, empties dropped (spec 001 §5). */
export function parseTagsText(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The public address of a link: `${origin}/${shortCode}`. */
export function shortUrl(origin: string, shortCode: string): string {
  return `${origin.replace(/\/+$/, '')}/${shortCode}`;
}

/** True for a client-supplied code that matches SHORT_CODE_PATTERN and is no fixed route (case-insensitive, as Express routes are). */
export function isAllowedShortCode(code: string): boolean {
  return SHORT_CODE_PATTERN.test(code) && !RESERVED_SEGMENTS.has(code.toLowerCase());
}

const required = SHORTLINK_MESSAGES.required;

/** Absent or null counts as '' (older exports and the spec's sample file leave fields out). */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, { error: `${label} must be at most ${max} characters` }));

const ZTargetUrl = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(SHORTLINK_LIMITS.url, { error: `Target URL must be at most ${SHORTLINK_LIMITS.url} characters` })
  .superRefine((value, ctx) => {
    const check = checkHttpUrl(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.error });
  });

const ZMetaImage = optionalText(SHORTLINK_LIMITS.url, 'Meta image URL').superRefine((value, ctx) => {
  if (value === '') return;
  const check = checkHttpUrl(value);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: check.error });
});

const ZTags = z
  .array(z.string({ error: 'Each tag must be text' }), { error: 'Tags must be a list of text' })
  .nullish()
  .transform((tags) => (tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''))
  .pipe(
    z
      .array(
        z.string().max(SHORTLINK_LIMITS.tag, { error: `Each tag must be at most ${SHORTLINK_LIMITS.tag} characters` }),
      )
      .max(SHORTLINK_LIMITS.tags, { error: `At most ${SHORTLINK_LIMITS.tags} tags are allowed` }),
  );

/** A client-supplied code; '' or absent means "generate one". */
const ZShortCode = z
  .string({ error: SHORTLINK_MESSAGES.invalidCode })
  .nullish()
  .transform((value) => {
    const code = (value ?? '').trim();
    return code === '' ? undefined : code;
  })
  .superRefine((code, ctx) => {
    if (code === undefined) return;
    if (!SHORT_CODE_PATTERN.test(code)) ctx.addIssue({ code: 'custom', message: SHORTLINK_MESSAGES.invalidCode });
    else if (!isAllowedShortCode(code)) ctx.addIssue({ code: 'custom', message: SHORTLINK_MESSAGES.reservedCode });
  });

/**
 * Create/update body of a shortlink (spec 001 §3, §5, §7), for the admin form,
 * the guest form and the API alike. Title comes first so a blank title or
 * target reports 'Title and Target URL are required' before any other issue.
 */
export const ZShortlinkInput = z.object(
  {
    title: z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(SHORTLINK_LIMITS.title, { error: `Title must be at most ${SHORTLINK_LIMITS.title} characters` }),
    targetUrl: ZTargetUrl,
    shortCode: ZShortCode,
    description: optionalText(SHORTLINK_LIMITS.description, 'Description'),
    metaImage: ZMetaImage,
    tags: ZTags,
  },
  // A body that is not an object at all has neither field.
  { error: required },
);
export type ShortlinkInput = z.output<typeof ZShortlinkInput>;
/** What a form or client may send (optional fields may be left out). */
export type ShortlinkInputBody = z.input<typeof ZShortlinkInput>;

/** `PUT /api/shortlinks/:id`: the same fields without the code (a link keeps its code). */
export const ZShortlinkUpdate = ZShortlinkInput.omit({ shortCode: true });
export type ShortlinkUpdate = z.output<typeof ZShortlinkUpdate>;

/** A guest may only set title, target URL and meta image (spec 001 §6); any other field is dropped. */
export const ZGuestShortlinkInput = ZShortlinkInput.pick({ title: true, targetUrl: true, metaImage: true });
export type GuestShortlinkInput = z.output<typeof ZGuestShortlinkInput>;

/**
 * One row of `POST /api/shortlinks/import`: a create body, plus the export's
 * clickCount and createdAt, which are kept when present (so export → import
 * restores the same links) and must then be valid. Other fields (id) are ignored.
 */
export const ZShortlinkImportRow = ZShortlinkInput.extend({
  clickCount: z
    .number({ error: 'clickCount must be a whole number of 0 or more' })
    .int({ error: 'clickCount must be a whole number of 0 or more' })
    .min(0, { error: 'clickCount must be a whole number of 0 or more' })
    .optional(),
  createdAt: z.iso.datetime({ error: 'createdAt must be an ISO 8601 date-time', offset: true }).optional(),
});
export type ShortlinkImportRow = z.output<typeof ZShortlinkImportRow>;

/** `:id` of PUT/DELETE: a positive integer. */
export const ZShortlinkIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: 'Shortlink id must be a positive integer' })
    .transform(Number)
    .pipe(
      z.number().int().positive().max(Number.MAX_SAFE_INTEGER, { error: 'Shortlink id must be a positive integer' }),
    ),
});
export type ShortlinkIdParams = z.output<typeof ZShortlinkIdParams>;

/** A shortlink as the API returns it (spec 001 §3). */
export interface Shortlink {
  id: number;
  shortCode: string;
  targetUrl: string;
  title: string;
  description: string;
  metaImage: string;
  tags: string[];
  clickCount: number;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** What a visitor of `/{shortCode}` and `GET /api/shortlink/:shortCode` sees. */
export type PublicShortlink = Pick<Shortlink, 'shortCode' | 'targetUrl' | 'title' | 'description' | 'metaImage'>;

/** One row of `GET /api/shortlinks/export` (and a valid import row). */
export type ShortlinkExportRow = Omit<Shortlink, 'id'>;

export interface ImportShortlinksResponse {
  imported: number;
}

export type DeviceClass = 'desktop' | 'mobile' | 'tablet';
export const DEVICE_CLASSES: readonly DeviceClass[] = ['desktop', 'mobile', 'tablet'];

/** `GET /api/shortlinks/analytics` (spec 001 §9 plus DECISIONS P6). */
export interface ShortlinkAnalytics {
  totalLinks: number;
  totalClicks: number;
  /** Links created on the current UTC date. */
  createdToday: number;
  /** totalClicks / totalLinks, rounded; 0 without links. */
  averageClicks: number;
  /** Top 5 by clickCount (ties: newest first). */
  topLinks: Shortlink[];
  /** 5 newest. */
  recentLinks: Shortlink[];
  /** Exactly 30 entries, oldest first, zeros included, UTC days ending today. */
  clicksPerDay: { date: string; clicks: number }[];
  /** Top 5; DIRECT_REFERRER for clicks without a referrer. */
  topReferrers: { host: string; clicks: number }[];
  /** Top 5; UNKNOWN_COUNTRY for clicks without a known country. */
  topCountries: { country: string; clicks: number }[];
  /** One entry per device class that has clicks, most clicks first. */
  devices: { device: DeviceClass; clicks: number }[];
}
