import type { PublicShortlink } from '@toolvault/shared';
import { describe, expect, it, vi } from 'vitest';
import type { Scheduler } from '../../lib/simulation';
import {
  countdownAnnouncement,
  countdownText,
  isBotUserAgent,
  lookupProblem,
  REDIRECT_ERRORS,
  startCountdown,
  toPreview,
  validateCode,
} from './redirect.service';

describe('validateCode', () => {
  it.each<[string | undefined, ReturnType<typeof validateCode>]>([
    [undefined, { ok: false, error: 'Invalid shortlink' }],
    ['', { ok: false, error: 'Invalid shortlink' }],
    ['ab', { ok: false, error: 'Invalid shortlink' }],
    ['a b c d', { ok: false, error: 'Invalid shortlink' }],
    ['<script>', { ok: false, error: 'Invalid shortlink' }],
    ['x'.repeat(33), { ok: false, error: 'Invalid shortlink' }],
    ['Ab3xY9', { ok: true, value: 'Ab3xY9' }],
    ['my-link_2', { ok: true, value: 'my-link_2' }],
  ])('%j', (code, expected) => {
    expect(validateCode(code)).toEqual(expected);
  });
});

describe('lookupProblem', () => {
  it.each<[number, string]>([
    [404, 'Shortlink not found'],
    [400, 'Invalid shortlink'],
    [0, 'Network error'],
    [500, 'Network error'],
    [503, 'Network error'],
  ])('%i → %s', (status, message) => {
    expect(REDIRECT_ERRORS[lookupProblem(status)]).toBe(message);
  });
});

const publicLink = (extra: Partial<PublicShortlink>): PublicShortlink => ({
  shortCode: 'Ab3xY9',
  targetUrl: 'https://owasp.org/www-project-top-ten/',
  title: 'OWASP Top Ten',
  description: 'Risks',
  metaImage: '',
  ...extra,
});

describe('toPreview', () => {
  it('shows the destination host and keeps an http(s) image', () => {
    expect(toPreview(publicLink({ metaImage: 'https://img.example/p.png' }))).toEqual({
      ok: true,
      value: {
        shortCode: 'Ab3xY9',
        title: 'OWASP Top Ten',
        description: 'Risks',
        targetUrl: 'https://owasp.org/www-project-top-ten/',
        host: 'owasp.org',
        insecure: false,
        image: 'https://img.example/p.png',
      },
    });
  });

  it.each<[string, Partial<PublicShortlink>, Partial<ReturnType<typeof toPreview>>]>([
    ['javascript: target', { targetUrl: 'javascript:alert(1)' }, { ok: false, error: 'Invalid shortlink' }],
    [
      'data: target',
      { targetUrl: 'data:text/html,<script>alert(1)</script>' },
      { ok: false, error: 'Invalid shortlink' },
    ],
    ['tab-split scheme', { targetUrl: 'java\tscript:alert(1)' }, { ok: false, error: 'Invalid shortlink' }],
    ['protocol-relative', { targetUrl: '//evil.example' }, { ok: false, error: 'Invalid shortlink' }],
    ['empty target', { targetUrl: '' }, { ok: false, error: 'Invalid shortlink' }],
  ])('refuses a %s', (_name, extra, expected) => {
    expect(toPreview(publicLink(extra))).toEqual(expected);
  });

  it.each<
    [
      string,
      Partial<PublicShortlink>,
      Partial<{ host: string; insecure: boolean; image: string | null; title: string }>,
    ]
  >([
    [
      'plain http is marked insecure',
      { targetUrl: 'http://127.0.0.1:8123/landing' },
      { host: '127.0.0.1:8123', insecure: true },
    ],
    ['IDN host shown in punycode', { targetUrl: 'https://exämple.com/' }, { host: 'xn--exmple-cua.com' }],
    ['a javascript: image is dropped', { metaImage: 'javascript:alert(1)' }, { image: null }],
    ['a blank title falls back to the host', { title: '  ' }, { title: 'owasp.org' }],
  ])('%s', (_name, extra, expected) => {
    const result = toPreview(publicLink(extra));
    expect(result.ok && result.value).toMatchObject(expected);
  });
});

describe('isBotUserAgent', () => {
  it.each<[string, boolean]>([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', false],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1', false],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', true],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
    ['Twitterbot/1.0', true],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', true],
    ['WhatsApp/2.23.20.0', true],
    ['', false],
  ])('%j → %s', (userAgent, expected) => {
    expect(isBotUserAgent(userAgent)).toBe(expected);
  });
});

/** A scheduler whose time only moves when the test says so. */
function manualScheduler() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const scheduler: Scheduler = {
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = end;
  };
  return { scheduler, advance, pending: () => timers.size };
}

describe('startCountdown', () => {
  it('ticks once a second from 8 down to 0, then calls onDone once', () => {
    const { scheduler, advance, pending } = manualScheduler();
    const ticks: number[] = [];
    const onDone = vi.fn();
    startCountdown({ seconds: 8, scheduler, onTick: (n) => ticks.push(n), onDone });
    advance(999);
    expect(ticks).toEqual([]);
    advance(1);
    expect(ticks).toEqual([7]);
    advance(6000);
    expect(ticks).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(onDone).not.toHaveBeenCalled();
    advance(1000);
    expect(ticks).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(pending()).toBe(0);
    advance(10_000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('stops without calling onDone when cancelled', () => {
    const { scheduler, advance, pending } = manualScheduler();
    const onTick = vi.fn();
    const onDone = vi.fn();
    const stop = startCountdown({ seconds: 8, scheduler, onTick, onDone });
    advance(3000);
    stop();
    expect(pending()).toBe(0);
    advance(20_000);
    expect(onTick).toHaveBeenCalledTimes(3);
    expect(onDone).not.toHaveBeenCalled();
    stop();
  });

  it('finishes at once for a zero delay', () => {
    const { scheduler } = manualScheduler();
    const onDone = vi.fn();
    startCountdown({ seconds: 0, scheduler, onTick: vi.fn(), onDone });
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('countdown texts', () => {
  it.each<[number, string]>([
    [8, 'Redirecting in 8 seconds.'],
    [7, 'Redirecting in 8 seconds.'],
    [6, 'Redirecting in 8 seconds.'],
    [5, 'Redirecting in 5 seconds.'],
    [3, 'Redirecting in 5 seconds.'],
    [2, 'Redirecting in 2 seconds.'],
    [1, 'Redirecting in 2 seconds.'],
    [0, 'Redirecting now.'],
    [99, 'Redirecting in 8 seconds.'],
  ])('announcement at %i s', (remaining, expected) => {
    expect(countdownAnnouncement(remaining)).toBe(expected);
  });

  it('changes the live text only three times during 8 seconds', () => {
    const texts = [8, 7, 6, 5, 4, 3, 2, 1].map((n) => countdownAnnouncement(n));
    expect(new Set(texts).size).toBe(3);
  });

  it.each<[number, string]>([
    [8, 'Redirecting in 8 seconds…'],
    [1, 'Redirecting in 1 second…'],
    [0, 'Redirecting now…'],
  ])('visible text at %i s', (remaining, expected) => {
    expect(countdownText(remaining)).toBe(expected);
  });
});
