import { randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { QR_REFERRER, type DeviceClass, type PublicShortlink } from '@toolvault/shared';
import type { ClickSaltsRepo } from '../db/click-salts.repo';
import type { VisitorKey } from '../db/click-visitors';
import type { ShortlinkClicksRepo } from '../db/shortlink-clicks.repo';
import type { ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from '../lib/clock';
import type { GeoService } from './geo.service';
import { servedLink } from './served-urls';

/** What the request tells about a visit; the IP is used for the country only and never stored. */
export interface Visit {
  userAgent: string | undefined;
  referer: string | undefined;
  clientIp: string | undefined;
  /**
   * Hosts the request reached us by (Host, and X-Forwarded-Host behind a trusted
   * proxy): a Referer on our own site is the redirect page itself, not where the visitor came from.
   */
  ownHosts: readonly string[];
  /**
   * The short URL was opened with `?qr=1` (what a link's QR code encodes): the click's source is
   * QR_REFERRER, whatever the Referer says. The destination never changes.
   */
  qr?: boolean;
}

export interface ShortlinkClickService {
  /**
   * The link behind a code for the redirect page's background request: counts
   * one click unless the user agent is a bot or link-preview fetcher (docs/decisions/0003-one-origin.md).
   */
  open(shortCode: string, visit: Visit): Promise<PublicShortlink | null>;
  /**
   * `GET /{code}` of a page request: for a link that redirects at once, counts one click (same
   * rules as `open`) and answers the link to redirect to. Null for a bot or preview fetcher, an
   * unknown code or a link that shows its preview page: those get the page, and nothing is counted.
   */
  openDirect(shortCode: string, visit: Visit): Promise<PublicShortlink | null>;
}

export interface ClientProfile {
  bot: boolean;
  device: DeviceClass;
}

/** Parsing a user agent costs tens of microseconds; the same few agents repeat, so keep the answers. */
const PROFILE_CACHE_SIZE = 1000;
const MAX_CACHED_AGENT = 512;
/** Longest host name (RFC 1035). */
const MAX_HOST = 253;

export function createShortlinkClickService({
  shortlinks,
  clicks,
  salts,
  geo,
  clock,
  random = randomBytes,
}: {
  shortlinks: ShortlinksRepo;
  clicks: ShortlinkClicksRepo;
  /** The daily salts of the visitor hashes; without it every click counts as its own visitor. */
  salts?: ClickSaltsRepo;
  geo: GeoService;
  clock: Clock;
  /** Random bytes for a new day's salt. */
  random?: (size: number) => Buffer;
}): ShortlinkClickService {
  const profiles = new Map<string, ClientProfile>();
  const profileOf = (userAgent: string): ClientProfile => {
    const cached = profiles.get(userAgent);
    if (cached) return cached;
    const profile = clientProfile(userAgent);
    if (userAgent.length <= MAX_CACHED_AGENT) {
      // Map keeps insertion order: the first key is the oldest entry.
      if (profiles.size >= PROFILE_CACHE_SIZE) profiles.delete(profiles.keys().next().value as string);
      profiles.set(userAgent, profile);
    }
    return profile;
  };

  const countryOf = async (ip: string | undefined): Promise<string | null> => {
    if (ip === undefined || !isPublicAddress(ip)) return null;
    try {
      return await geo.countryOf(ip);
    } catch {
      return null; // a missing database must not lose the click itself
    }
  };

  // The current day's salt, asked of the database once per day per process (and again after a failure).
  let salt: { day: string; salt: Promise<string> } | undefined;
  const saltOf = (day: string): Promise<string> | undefined => {
    if (!salts) return undefined;
    if (salt?.day !== day) {
      const pending = salts.saltFor(day, random(32).toString('base64url'));
      salt = { day, salt: pending };
      pending.catch(() => {
        if (salt?.salt === pending) salt = undefined;
      });
    }
    return salt.salt;
  };

  const count = async (
    shortCode: string,
    { referer, clientIp, ownHosts, userAgent, qr }: Visit,
    device: DeviceClass,
    onlyDirect: boolean,
  ) => {
    const clickedAt = clock().toISOString();
    const [country, daySalt] = await Promise.all([countryOf(clientIp), saltOf(clickedAt.slice(0, 10))]);
    const click = {
      clickedAt,
      referrerHost: qr ? QR_REFERRER : referrerHost(referer, ownHosts),
      country,
      device,
    };
    const visitor: VisitorKey | undefined =
      daySalt === undefined ? undefined : { salt: daySalt, address: clientIp ?? '', userAgent: userAgent ?? '' };
    return clicks.countClick(shortCode, click, { onlyDirect, ...(visitor && { visitor }) });
  };

  return {
    async open(shortCode, visit) {
      const { bot, device } = profileOf(visit.userAgent ?? '');
      const link = bot ? await shortlinks.findPublic(shortCode) : await count(shortCode, visit, device, false);
      return link && servedLink(link);
    },
    async openDirect(shortCode, visit) {
      const { bot, device } = profileOf(visit.userAgent ?? '');
      // Crawlers read the preview page's og: tags, so chat and social previews keep working.
      if (bot) return null;
      return count(shortCode, visit, device, true);
    },
  };
}

/**
 * Command-line HTTP clients. isbot lists them as bots, but behind one is a person at a terminal who
 * follows the link (`curl -L`) and never wants a preview: their visits are clicks like a browser's.
 */
const COMMAND_LINE_CLIENT = /^(?:curl|Wget|HTTPie|xh)\/\d/i;

/** Bot or preview fetcher (isbot's maintained list, less command-line clients), and the device class of ua-parser-js. */
export function clientProfile(userAgent: string): ClientProfile {
  return { bot: isbot(userAgent) && !COMMAND_LINE_CLIENT.test(userAgent), device: deviceClass(userAgent) };
}

/** ua-parser-js knows mobile, tablet, wearable, console, smarttv, xr, embedded; no type is a desktop browser. */
export function deviceClass(userAgent: string): DeviceClass {
  const type = new UAParser(userAgent).getDevice().type;
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  return 'desktop';
}

/**
 * The host name of an http(s) Referer, lower case, without port, path or
 * query (docs/decisions/0006-click-analytics.md: never the full address); null for none, for anything
 * unparsable and for our own host (the redirect page itself).
 */
export function referrerHost(referer: string | undefined, ownHosts: readonly string[] = []): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  if (host === '' || host.length > MAX_HOST) return null;
  const refererHost = url.host.toLowerCase();
  if (ownHosts.some((own) => own.toLowerCase() === refererHost)) return null;
  return host;
}

/** Only public unicast addresses have a country; loopback and private ranges do not. */
function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'unicast';
}
