import { act, fireEvent, render, screen } from '@testing-library/react';
import type { PublicShortlink } from '@toolvault/shared';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../lib/testing-query';
import { unlockProblem } from './link-unlock.service';
import { RedirectView } from './RedirectPage';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const LINK: PublicShortlink = {
  shortCode: 'Secret1',
  targetUrl: 'https://hidden.example/plans',
  title: 'Plans',
  description: 'Team only',
  metaImage: '',
};
const LOCKED = { error: 'This link is protected by a password.', code: 'SHORTLINK_PASSWORD_REQUIRED' };

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** The server: the public lookup refuses a password link; /{code} as JSON and the unlock answer as given. */
function stubServer({ open, unlock }: { open: Answer[]; unlock?: Answer }) {
  const opens = [...open];
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const answer = (a: Answer) =>
      a.body === undefined
        ? new Response(null, { status: a.status, headers: a.headers })
        : Response.json(a.body, { status: a.status, headers: a.headers });
    if (url === '/api/shortlink/Secret1') return answer({ status: 403, body: LOCKED });
    if (url === '/api/shortlink/Secret1/unlock') return answer(unlock ?? { status: 204 });
    if (url === '/Secret1') return answer(opens.shift() ?? { status: 403, body: LOCKED });
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

function renderView() {
  const navigate = vi.fn();
  render(
    <MemoryRouter>
      <RedirectView code="Secret1" navigate={navigate} userAgent={BROWSER} />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  return navigate;
}

const urls = (fetch: ReturnType<typeof stubServer>) => fetch.mock.calls.map(([url]) => String(url));
const submit = () => fireEvent.submit(screen.getByRole('button', { name: 'Unlock' }).closest('form')!);

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
});

describe('the redirect page of a password link', () => {
  it('asks for the password, with a labelled field, and shows nothing of the link', async () => {
    const fetch = stubServer({ open: [{ status: 403, body: LOCKED }] });
    const navigate = renderView();
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Password-protected link' })).toBeInTheDocument();
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    expect(document.body.textContent).not.toContain('hidden.example');
    expect(urls(fetch)).toEqual(['/api/shortlink/Secret1', '/Secret1']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an empty password is refused in place, without asking the server', async () => {
    const fetch = stubServer({ open: [{ status: 403, body: LOCKED }] });
    renderView();
    await flush();
    submit();
    await flush();
    const field = screen.getByLabelText('Password');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter the password');
    expect(urls(fetch)).not.toContain('/api/shortlink/Secret1/unlock');
  });

  it('a wrong password says so beside the field; the visitor may try again', async () => {
    const fetch = stubServer({
      open: [{ status: 403, body: LOCKED }],
      unlock: { status: 403, body: { error: 'Wrong password. Please try again.', code: 'SHORTLINK_PASSWORD_WRONG' } },
    });
    const navigate = renderView();
    await flush();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'guess one' } });
    submit();
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong password. Please try again.');
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeEnabled();
    const sent = fetch.mock.calls.find(([url]) => String(url) === '/api/shortlink/Secret1/unlock');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ password: 'guess one' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a right password asks for the page again, where the server redirects or the page opens with the cookie', async () => {
    stubServer({ open: [{ status: 403, body: LOCKED }], unlock: { status: 204 } });
    const navigate = renderView();
    await flush();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'open sesame 42' } });
    submit();
    await flush();
    expect(navigate).toHaveBeenCalledWith('/Secret1');
  });

  it('a browser the cookie already opens sees the preview, counted once by that request', async () => {
    const fetch = stubServer({ open: [{ status: 200, body: LINK }] });
    renderView();
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Plans' })).toBeInTheDocument();
    expect(screen.getByText('hidden.example')).toBeInTheDocument();
    // The one JSON GET of /{code} was the click; no second one follows.
    expect(urls(fetch)).toEqual(['/api/shortlink/Secret1', '/Secret1']);
  });
});

describe('unlockProblem', () => {
  it.each([
    [{ status: 403, code: 'SHORTLINK_PASSWORD_WRONG', message: 'x' }, 'Wrong password. Please try again.'],
    [
      { status: 429, code: 'RATE_LIMITED', message: 'x', retryAfterSeconds: 600 },
      'Too many attempts. Try again in 10 minutes.',
    ],
    [
      { status: 429, code: 'RATE_LIMITED', message: 'x', retryAfterSeconds: 30 },
      'Too many attempts. Try again in 1 minute.',
    ],
    [{ status: 429, code: 'RATE_LIMITED', message: 'x' }, 'Too many attempts. Please try again later.'],
    [{ status: 0, message: 'Network error. Please try again.' }, 'Network error. Please try again.'],
    [{ status: 404, code: 'SHORTLINK_NOT_FOUND', message: 'Shortlink not found' }, 'Shortlink not found'],
  ] as const)('%o → %s', (failure, text) => {
    expect(unlockProblem(failure)).toBe(text);
  });
});
