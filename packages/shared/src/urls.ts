/**
 * Addresses the product stores (link targets, meta and cover images): which are accepted, the one
 * form in which they are stored and sent, and which lead back to this server.
 */
import { classifyPath } from './routes';
import { SHORTLINK_LIMITS, SHORTLINK_MESSAGES } from './shortlinks';

// Any whitespace or control character: the URL parser silently drops tabs and newlines
// (`java\tscript:` becomes `javascript:`), so such input is refused rather than "repaired".
// eslint-disable-next-line no-control-regex
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;
// After the two slashes a host must follow: the parser reads `https:///x` and `https://\\x` as host `x`.
const HTTP_PREFIX = /^https?:\/\/[^/\\]/i;
/** Visible ASCII only: what every header (Location first) can carry as it is. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

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
 * Parses a link target or image address (docs/decisions/0002-server-enforces-rules.md): the text must start
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

export type NormalizedUrl = { ok: true; href: string } | { ok: false; error: string };

/**
 * An accepted address (checkHttpUrl) in the form it is stored and sent: the URL parser's own
 * serialisation, with the host in punycode (`еxample.com` with a Cyrillic е becomes
 * `xn--xample-2of.com`), path, query and fragment percent-encoded, and `\` read as `/` as browsers
 * read it (`https://evil.example\@good.example` is `https://evil.example/@good.example`). What the
 * admin sees once the link is saved is where a browser goes, and every character of it fits in a
 * header. `max` caps that form too: a character outside ASCII takes up to 12 of it.
 */
export function normalizeHttpUrl(value: string, max: number = SHORTLINK_LIMITS.url): NormalizedUrl {
  const check = checkHttpUrl(value);
  if (!check.ok) return check;
  const { href } = check.url;
  // The parser percent-encodes everything outside visible ASCII; should one ever not, refuse it here.
  if (!VISIBLE_ASCII.test(href)) return { ok: false, error: SHORTLINK_MESSAGES.invalidUrl };
  if (href.length > max) return { ok: false, error: `URLs must be at most ${max} characters once encoded` };
  return { ok: true, href };
}

/** What this server is called and where it can be reached, to refuse links that lead back to it. */
export interface OwnOrigin {
  /** Names the site answers on, with or without a port: PUBLIC_URL's host and the request's Host. */
  hosts: readonly string[];
  /** This machine's own addresses, as the URL parser writes a host: '10.0.0.5', '[fd00::2]'. */
  addresses: readonly string[];
}

/**
 * How a target leads back to this server, whatever its port (another replica of the site, or this
 * one by another name, may answer there, and a link that redirects at once to itself loops):
 * - 'own-address': a loopback name or address (localhost, 127.0.0.0/8, ::1, 0.0.0.0), or one of
 *   this machine's addresses, whatever the path: no visitor reaches anything meant for them there
 *   (loopback is the visitor's own computer).
 * - 'short-link': one of the site's names with a path that the site reads as a short code. Its
 *   other pages (a post, a tool, the home page) may be linked.
 * null for anything else.
 */
export function selfLinkOf(url: ParsedUrl, own: OwnOrigin): 'own-address' | 'short-link' | null {
  const hostname = canonicalHost(url.hostname);
  if (isLoopbackHost(hostname) || own.addresses.some((address) => canonicalHost(address) === hostname)) {
    return 'own-address';
  }
  if (!own.hosts.some((host) => canonicalHost(hostnameOf(host)) === hostname)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  return classifyPath(pathname).kind === 'short-code' ? 'short-link' : null;
}

/** The name of `host` or `host:port` (a Host header, PUBLIC_URL's host, `[::1]:3000`). */
function hostnameOf(host: string): string {
  return /^(.+?)(?::\d{1,5})?$/.exec(host.trim())?.[1] ?? '';
}

/**
 * Lower case, without a trailing dot, and an IPv4-mapped IPv6 address (`[::ffff:a00:5]`, as the
 * parser writes `[::ffff:10.0.0.5]`) as the IPv4 address it maps.
 */
function canonicalHost(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(host);
  if (!mapped) return host;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Names and addresses that always mean this machine, as the URL parser writes them (it has
 * already turned 127.1, 0x7f.0.0.1 or 2130706433 into 127.0.0.1, and [0:0::1] into [::1]):
 * localhost and *.localhost, 127.0.0.0/8, 0.0.0.0, [::1], [::] and IPv4-mapped loopback.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = canonicalHost(hostname);
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '0.0.0.0' ||
    host === '[::1]' ||
    host === '[::]'
  );
}
