import { randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import {
  DEFAULT_REDIRECT_STATUS,
  linkState,
  QR_REFERRER,
  type DeviceClass,
  type InactiveVisit,
  type PublicShortlink,
  type RedirectStatus,
} from '@toolvault/shared';
import type { CountedClick } from '../db/click-batch';
import type { ClickSaltsRepo } from '../db/click-salts.repo';
import type { VisitorKey } from '../db/click-visitors';
import type { ClickRecord, ShortlinkClicksRepo } from '../db/shortlink-clicks.repo';
import type { ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from '../lib/clock';
import type { GeoService } from './geo.service';
import { servedLink, servedUrl } from './served-urls';

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
  open(shortCode: string, visit: Visit): Promise<PublicShortlink | InactiveVisit | null>;
  /**
   * `GET /{code}` of a page request: for a link that redirects at once, counts one click (same
   * rules as `open`) and answers the link to redirect to. Null for a bot or preview fetcher, an
   * unknown code or a link that shows its preview page: those get the page, and nothing is counted.
   * An inactive link's visit (InactiveVisit) counts nothing either.
   */
  openDirect(shortCode: string, visit: Visit): Promise<DirectVisit | InactiveVisit | null>;
}

/** A counted visit of a 'direct' link: where to send the visitor, and with which status. */
export interface DirectVisit {
  link: PublicShortlink;
  status: RedirectStatus;
}

/**
 * Told when a visit took a link to its visit limit (after that click committed): the link is
 * inactive ('limit-reached') from then on. Called once per link, on the replica that counted the
 * last click. A link whose validUntil passes has no such moment: nothing is written then.
 */
export type LinkInactiveListener = (event: { shortlinkId: number; shortCode: string; reason: 'limit-reached' }) => void;

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
  onClick,
  onLinkInactive,
  random = randomBytes,
}: {
  shortlinks: ShortlinksRepo;
  clicks: ShortlinkClicksRepo;
  /** The daily salts of the visitor hashes; without it every click counts as its own visitor. */
  salts?: ClickSaltsRepo;
  geo: GeoService;
  clock: Clock;
  /** Told of each counted click (webhooks batch them); must not wait for anything. */
  onClick?: (click: ClickRecord & { shortCode: string }) => void;
  /** Told once, after the click that took a link to its visit limit (the `link.expired` webhook event). */
  onLinkInactive?: LinkInactiveListener;
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
    const answer = await clicks.countClick(shortCode, click, { onlyDirect, ...(visitor && { visitor }) });
    if (answer !== null && 'reachedLimit' in answer) {
      onClick?.({ shortCode: answer.shortCode, ...click });
      if (answer.reachedLimit) {
        onLinkInactive?.({ shortlinkId: answer.shortlinkId, shortCode: answer.shortCode, reason: 'limit-reached' });
      }
    }
    return answer;
  };

  /** A bot's visit counts nothing: the link, or its InactiveVisit, read without a write. */
  const look = async (shortCode: string): Promise<PublicShortlink | InactiveVisit | null> => {
    const found = await shortlinks.findVisited(shortCode);
    if (!found) return null;
    const state = linkState(found.state, clock());
    return state === 'active' ? found.link : { inactive: state, fallbackUrl: found.fallbackUrl };
  };

  return {
    async open(shortCode, visit) {
      const { bot, device } = profileOf(visit.userAgent ?? '');
      const answer = bot ? await look(shortCode) : await count(shortCode, visit, device, false);
      if (answer === null || 'inactive' in answer) return served(answer);
      return servedLink(publicPart(answer));
    },
    async openDirect(shortCode, visit) {
      const { bot, device } = profileOf(visit.userAgent ?? '');
      // Crawlers read the preview page's og: tags, so chat and social previews keep working.
      if (bot) return null;
      const answer = await count(shortCode, visit, device, true);
      if (answer === null || 'inactive' in answer) return served(answer);
      return { link: answer, status: answer.redirectStatus ?? DEFAULT_REDIRECT_STATUS };
    },
  };
}

/** The fallback as visitors are sent to it (servedUrl, as for targets). */
function served(answer: InactiveVisit | null): InactiveVisit | null {
  if (answer === null || answer.fallbackUrl === null) return answer;
  return { ...answer, fallbackUrl: servedUrl(answer.fallbackUrl) };
}

/** What the redirect page is answered of a counted link: the public fields only. */
function publicPart(answer: PublicShortlink | CountedClick): PublicShortlink {
  if (!('shortlinkId' in answer)) return answer;
  const { shortlinkId: _id, redirectStatus: _status, reachedLimit: _last, ...link } = answer;
  return link;
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
