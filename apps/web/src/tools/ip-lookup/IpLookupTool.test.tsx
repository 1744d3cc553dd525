import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { IpLookupResult } from '@toolvault/shared';
import { describe, expect, it, vi } from 'vitest';
import IpLookupTool from './IpLookupTool';
import { INVALID_INPUT } from './ip-lookup.service';

const GOOGLE: IpLookupResult = {
  ip: '8.8.8.8',
  version: 4,
  reserved: null,
  country: 'United States',
  countryCode: 'US',
  region: null,
  city: null,
  isp: 'AS15169 Google LLC',
  organization: 'Google LLC',
  timezone: 'America/Chicago',
  coordinates: { lat: 37.751, lon: -97.822 },
};
const LOOPBACK: IpLookupResult = {
  ...GOOGLE,
  ip: '127.0.0.1',
  reserved: 'loopback',
  country: null,
  countryCode: null,
  isp: null,
  organization: null,
  timezone: null,
  coordinates: null,
};

function deferredFetch() {
  let resolve: (response: Response) => void = () => {};
  const fetch = vi.fn(() => new Promise<Response>((done) => (resolve = done)));
  vi.stubGlobal('fetch', fetch);
  return { fetch, respond: (body: unknown, status = 200) => act(async () => resolve(Response.json(body, { status }))) };
}

const input = () => screen.getByLabelText('IP Address');
const field = (label: string) =>
  within(screen.getByText(label, { selector: 'dt' }).parentElement!).getByRole('definition');

describe('IpLookupTool', () => {
  it('disables Lookup on empty input', () => {
    render(<IpLookupTool />);
    expect(screen.getByRole('button', { name: 'Lookup' })).toBeDisabled();
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Lookup' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'My IP' })).toBeEnabled();
  });

  it('reads Looking up... while running, then shows the eight fields with — for what is missing', async () => {
    const { fetch, respond } = deferredFetch();
    render(<IpLookupTool />);
    fireEvent.change(input(), { target: { value: ' 8.8.8.8 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lookup' }));
    expect(screen.getByRole('button', { name: 'Looking up...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'My IP' })).toBeDisabled();
    expect(fetch).toHaveBeenCalledWith('/api/ip/8.8.8.8', expect.objectContaining({ method: 'GET' }));

    await respond(GOOGLE);
    expect(screen.getByRole('button', { name: 'Lookup' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Lookup Results' })).toBeInTheDocument();
    expect(field('IP Address')).toHaveTextContent('8.8.8.8');
    expect(field('Country')).toHaveTextContent('United States (US)');
    expect(field('Region')).toHaveTextContent('—');
    expect(field('City')).toHaveTextContent('—');
    expect(field('ISP')).toHaveTextContent('AS15169 Google LLC');
    expect(field('Organization')).toHaveTextContent('Google LLC');
    expect(field('Timezone')).toHaveTextContent('America/Chicago');
    expect(field('Coordinates')).toHaveTextContent('37.7510, -97.8220');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('leaving the page aborts the lookup in flight', () => {
    const { fetch } = deferredFetch();
    const { unmount } = render(<IpLookupTool />);
    fireEvent.click(screen.getByRole('button', { name: 'My IP' }));
    expect(screen.getByRole('button', { name: 'My IP' })).toBeDisabled();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const { signal } = init;
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('refuses an invalid address without calling the API', () => {
    const { fetch } = deferredFetch();
    render(<IpLookupTool />);
    fireEvent.change(input(), { target: { value: '999.1.1.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lookup' }));
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_INPUT);
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(input(), { target: { value: '999.1.1.' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('My IP looks up the caller, fills the input and explains a reserved range', async () => {
    const { fetch, respond } = deferredFetch();
    render(<IpLookupTool />);
    fireEvent.click(screen.getByRole('button', { name: 'My IP' }));
    expect(fetch).toHaveBeenCalledWith('/api/ip/me', expect.anything());
    await respond(LOOPBACK);
    expect(input()).toHaveValue('127.0.0.1');
    expect(screen.getByRole('note')).toHaveTextContent(
      '127.0.0.1 is a loopback address (this device). It is not a public internet address, so it has no location.',
    );
    expect(field('Country')).toHaveTextContent('—');
    expect(field('Coordinates')).toHaveTextContent('—');
  });

  it('shows the server error text', async () => {
    const { respond } = deferredFetch();
    render(<IpLookupTool />);
    fireEvent.change(input(), { target: { value: '1.1.1.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lookup' }));
    await respond({ error: 'Invalid IP address', code: 'INVALID_IP' }, 400);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid IP address');
  });

  it('says so when the network fails, and clears the previous result', async () => {
    const { respond } = deferredFetch();
    render(<IpLookupTool />);
    fireEvent.change(input(), { target: { value: '8.8.8.8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lookup' }));
    await respond(GOOGLE);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lookup' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Network error. Please try again.');
    expect(screen.queryByRole('heading', { name: 'Lookup Results' })).not.toBeInTheDocument();
  });
});

describe('IpLookupTool without a connection', () => {
  it('shows the offline notice when the request cannot reach the server, keeps the input, and Try again repeats it', async () => {
    const fetch = vi.fn((_url: string): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    render(<IpLookupTool />);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(input(), { target: { value: '8.8.8.8' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Lookup' }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('IP lookup needs an internet connection');
    expect(input()).toHaveValue('8.8.8.8');

    fetch.mockImplementation(() => Promise.resolve(Response.json(GOOGLE)));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0]).toBe(fetch.mock.calls[0]?.[0]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(field('Country')).toHaveTextContent('United States');
  });
});
