import {
  isHttpUrl,
  REDIRECT_DELAY_SECONDS,
  SHORT_CODE_PATTERN,
  SHORTLINK_MESSAGES,
  type PublicShortlink,
} from '@toolvault/shared';
import { isbot } from 'isbot';
import { err, ok, type Result } from '../../lib/result';
import { realScheduler, type Scheduler } from '../../lib/simulation';

/**
 * Error states of the redirect page. Any one-segment address reaches this page, a mistyped page
 * name as much as an unknown code: 'notFound' is shown as the site's 404 page (NotFoundPage), whose
 * text names both.
 */
export const REDIRECT_ERRORS = {
  invalid: 'Invalid shortlink',
  notFound: SHORTLINK_MESSAGES.notFound,
  network: 'Network error',
} as const;

export { REDIRECT_DELAY_SECONDS };

/** The code from the route, or 'Invalid shortlink' when there is none or it cannot be a short code. */
export function validateCode(code: string | undefined): Result<string> {
  if (code === undefined || !SHORT_CODE_PATTERN.test(code)) return err(REDIRECT_ERRORS.invalid);
  return ok(code);
}

/** Which error state the page shows; its heading is REDIRECT_ERRORS[problem]. */
export type RedirectProblem = keyof typeof REDIRECT_ERRORS;

/** The error state of a failed lookup, from its HTTP status: 0 is no answer at all. */
export function lookupProblem(status: number): RedirectProblem {
  if (status === 404) return 'notFound';
  if (status === 400) return 'invalid';
  return 'network';
}

export interface Preview {
  shortCode: string;
  title: string;
  description: string;
  /** Destination, re-checked here: the page only ever sends a visitor to http(s). */
  targetUrl: string;
  /** Host (with port) of the destination, shown prominently; IDNs appear in punycode. */
  host: string;
  /** True when the destination is plain http. */
  insecure: boolean;
  /** The preview image, only when it is an http(s) address. */
  image: string | null;
}

/** Builds the preview card from the API's answer, refusing any destination that is not http(s). */
export function toPreview(link: PublicShortlink): Result<Preview> {
  if (typeof link.targetUrl !== 'string' || !isHttpUrl(link.targetUrl)) return err(REDIRECT_ERRORS.invalid);
  const url = new URL(link.targetUrl);
  const image = typeof link.metaImage === 'string' && isHttpUrl(link.metaImage) ? link.metaImage : null;
  return ok({
    shortCode: link.shortCode,
    title: typeof link.title === 'string' && link.title.trim() !== '' ? link.title : url.host,
    description: typeof link.description === 'string' ? link.description : '',
    targetUrl: url.href,
    host: url.host,
    insecure: url.protocol === 'http:',
    image,
  });
}

/** No automatic redirect for search and social crawlers. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return isbot(userAgent ?? '');
}

export interface CountdownOptions {
  seconds: number;
  scheduler?: Scheduler;
  /** Called each second with the seconds left (seconds − 1 down to 0). */
  onTick: (remaining: number) => void;
  /** Called once when the count reaches 0. */
  onDone: () => void;
}

/** Counts down one second at a time on the given scheduler; the returned function stops it. */
export function startCountdown({ seconds, scheduler = realScheduler, onTick, onDone }: CountdownOptions): () => void {
  let remaining = seconds;
  let stopped = false;
  let handle: unknown = null;
  const step = () => {
    if (stopped) return;
    remaining -= 1;
    onTick(remaining);
    if (remaining <= 0) {
      stopped = true;
      onDone();
      return;
    }
    handle = scheduler.setTimeout(step, 1000);
  };
  if (seconds <= 0) {
    stopped = true;
    onDone();
  } else {
    handle = scheduler.setTimeout(step, 1000);
  }
  return () => {
    if (stopped) return;
    stopped = true;
    scheduler.clearTimeout(handle);
  };
}

/** Screen readers hear the countdown every few seconds, not every second. */
export const ANNOUNCE_EVERY_SECONDS = 3;

const secondsLabel = (seconds: number) => `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;

/**
 * The live-region text for `remaining` seconds: it changes only at the start
 * and then every ANNOUNCE_EVERY_SECONDS (8, 5, 2 for an 8-second delay), so
 * the polite region speaks three times, then once more on leaving.
 */
export function countdownAnnouncement(
  remaining: number,
  total = REDIRECT_DELAY_SECONDS,
  every = ANNOUNCE_EVERY_SECONDS,
): string {
  if (remaining <= 0) return 'Redirecting now.';
  const clamped = Math.min(remaining, total);
  const step = Math.floor((total - clamped) / every) * every;
  return `Redirecting in ${secondsLabel(total - step)}.`;
}

/** The visible countdown line. */
export function countdownText(remaining: number): string {
  return remaining <= 0 ? 'Redirecting now…' : `Redirecting in ${secondsLabel(remaining)}…`;
}
