import { act, fireEvent, render, screen } from '@testing-library/react';
import type { PublicShortlink } from '@toolvault/shared';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../lib/testing-query';
import { RedirectView } from './RedirectPage';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

const LINK: PublicShortlink = {
  shortCode: 'Ab3xY9',
  targetUrl: 'https://owasp.org/www-project-top-ten/',
  title: 'OWASP Top Ten',
  description: 'The most critical web application security risks.',
  metaImage: 'https://owasp.org/assets/images/logo.png',
};

type Answer = { status: number; body: unknown } | 'network-error';

function stubFetch(lookup: Answer) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/shortlink/')) {
      if (lookup === 'network-error') throw new TypeError('Failed to fetch');
      return Response.json(lookup.body, { status: lookup.status });
    }
    return Response.json(LINK);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Lets pending promises (fetch, json) settle without moving the clock. */
const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

function renderView(code: string | undefined, userAgent = BROWSER, { strict = false, search = '' } = {}) {
  const navigate = vi.fn();
  render(
    <MemoryRouter>
      <RedirectView code={code} navigate={navigate} userAgent={userAgent} search={search} />
    </MemoryRouter>,
    { wrapper: QueryWrapper, reactStrictMode: strict },
  );
  return navigate;
}

const liveText = () => screen.getByRole('status').textContent;

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
});

describe('RedirectView', () => {
  it.each([
    ['?qr=1', '/Ab3xY9?qr=1'],
    ['?utm_source=x&qr=1', '/Ab3xY9?qr=1'],
    ['?qr=0', '/Ab3xY9'],
    ['?other=1', '/Ab3xY9'],
    ['', '/Ab3xY9'],
  ])('a page opened with %j counts its click at %s', async (search, counted) => {
    const fetch = stubFetch({ status: 200, body: LINK });
    renderView('Ab3xY9', BROWSER, { search });
    await flush();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/shortlink/Ab3xY9', counted]);
  });

  it('loads, shows the preview with the destination host, counts the click and redirects after 8 s', async () => {
    const fetch = stubFetch({ status: 200, body: LINK });
    const navigate = renderView('Ab3xY9');
    expect(screen.getByRole('status')).toHaveTextContent('Loading shortlink...');
    await flush();

    expect(screen.getByRole('heading', { level: 1, name: 'OWASP Top Ten' })).toBeInTheDocument();
    expect(screen.getByText('owasp.org')).toBeInTheDocument();
    expect(screen.getByText(LINK.description)).toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('src', LINK.metaImage);
    expect(screen.getByRole('link', { name: 'Continue now' })).toHaveAttribute('href', LINK.targetUrl);

    // The lookup, then the background JSON GET of /{code} that counts the click.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/shortlink/Ab3xY9', '/Ab3xY9']);
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({ headers: { Accept: 'application/json' } });

    expect(screen.getByText('Redirecting in 8 seconds…')).toBeInTheDocument();
    await advance(3000);
    expect(screen.getByText('Redirecting in 5 seconds…')).toBeInTheDocument();
    await advance(4999);
    expect(navigate).not.toHaveBeenCalled();
    await advance(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(LINK.targetUrl);
  });

  it('counts one click per visit, through the countdown and with effects run twice (strict mode)', async () => {
    const fetch = stubFetch({ status: 200, body: LINK });
    renderView('Ab3xY9', BROWSER, { strict: true });
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'OWASP Top Ten' })).toBeInTheDocument();
    await advance(5000);
    // The lookup may be asked twice (the first one is cancelled as the effects re-run), the click never.
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/Ab3xY9')).toHaveLength(1);
  });

  it('announces the countdown politely only every few seconds', async () => {
    stubFetch({ status: 200, body: LINK });
    renderView('Ab3xY9');
    await flush();
    const seen: string[] = [];
    for (let second = 0; second < 8; second++) {
      seen.push(liveText() ?? '');
      await advance(1000);
    }
    expect(seen).toEqual([
      'Redirecting in 8 seconds.',
      'Redirecting in 8 seconds.',
      'Redirecting in 8 seconds.',
      'Redirecting in 5 seconds.',
      'Redirecting in 5 seconds.',
      'Redirecting in 5 seconds.',
      'Redirecting in 2 seconds.',
      'Redirecting in 2 seconds.',
    ]);
  });

  it('stays when the visitor cancels; Continue now still leads to the target', async () => {
    stubFetch({ status: 200, body: LINK });
    const navigate = renderView('Ab3xY9');
    await flush();
    await advance(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await advance(60_000);
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getAllByText('Automatic redirect cancelled.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Stay on this page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue now' })).toHaveAttribute('href', LINK.targetUrl);
  });

  it('does not redirect or count a crawler', async () => {
    const fetch = stubFetch({ status: 200, body: LINK });
    const navigate = renderView('Ab3xY9', SLACK);
    await flush();
    expect(screen.getByText('Automatic redirect is skipped for crawlers.')).toBeInTheDocument();
    await advance(60_000);
    expect(navigate).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sets the document title and the social meta tags from the link', async () => {
    stubFetch({ status: 200, body: LINK });
    renderView('Ab3xY9');
    await flush();
    expect(document.title).toBe('OWASP Top Ten — Toolvault');
    const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[property="og:title"]')).toBe('OWASP Top Ten');
    expect(meta('meta[property="og:description"]')).toBe(LINK.description);
    expect(meta('meta[property="og:image"]')).toBe(LINK.metaImage);
    expect(meta('meta[property="og:url"]')).toBe(LINK.targetUrl);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="description"]')).toBe(LINK.description);
  });

  it('shows a script payload in the title as text', async () => {
    const title = '"><img src=x onerror=alert(1)><script>alert(1)</script>';
    stubFetch({ status: 200, body: { ...LINK, title, metaImage: '' } });
    renderView('Ab3xY9');
    await flush();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(document.querySelector('main script, body img[src="x"]')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it("shows an unknown code as the site's 404 page, naming pages too, with Return to Home and Tools", async () => {
    stubFetch({ status: 404, body: { error: 'Shortlink not found', code: 'SHORTLINK_NOT_FOUND' } });
    renderView('Zz9Zz9');
    await flush();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Shortlink not found' })).toBeInTheDocument();
    expect(screen.getByText(/No page or short link has this address/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/#tools');
    expect(document.title).toBe('Shortlink not found — Toolvault');
  });

  it.each<[string, string | undefined, Answer, string]>([
    ['no code', undefined, { status: 200, body: LINK }, 'Invalid shortlink'],
    ['a code the pattern refuses', 'a b', { status: 200, body: LINK }, 'Invalid shortlink'],
    ['an unknown code', 'Zz9Zz9', { status: 404, body: { error: 'Shortlink not found' } }, 'Shortlink not found'],
    ['a server failure', 'Ab3xY9', { status: 500, body: { error: 'Internal error' } }, 'Network error'],
    ['no connection', 'Ab3xY9', 'network-error', 'Network error'],
    [
      'a non-http target from the server',
      'Ab3xY9',
      { status: 200, body: { ...LINK, targetUrl: 'javascript:alert(1)' } },
      'Invalid shortlink',
    ],
  ])('%s → %s, never redirects', async (_name, code, answer, message) => {
    const fetch = stubFetch(answer);
    const navigate = renderView(code);
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: message })).toBeInTheDocument();
    await advance(60_000);
    expect(navigate).not.toHaveBeenCalled();
    // Only the lookup (if any): an error never counts a click.
    expect(fetch.mock.calls.every(([url]) => String(url).startsWith('/api/'))).toBe(true);
  });
});
