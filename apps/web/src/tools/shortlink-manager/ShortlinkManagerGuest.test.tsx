// The manager without a login: a guest's one link, the form's checks, the minute between links, a
// guest who leaves before the answer, and the server's 429.
import { fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { field, flush, json, link, ORIGIN, renderTool, settle, stubApi, type } from './manager-testing';
import { GUEST_LAST_CREATED_KEY, GUEST_LINK_KEY } from './shortlink-manager.service';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('guest', () => {
  const openGuest = async () => {
    renderTool();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Guest' }));
    await settle();
  };
  const fill = (title: string, target: string) => {
    type(/^Title/, title);
    type(/^Target URL/, target);
  };

  it('sees only Create Link with title, target URL and meta image, and can switch to admin', async () => {
    stubApi({});
    await openGuest();
    expect(screen.getByRole('heading', { name: 'Create Link' })).toHaveFocus();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Description/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Tags/)).not.toBeInTheDocument();
    expect(field(/^Meta Image URL/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Admin' }));
    expect(screen.getByLabelText('Admin Password')).toBeInTheDocument();
  });

  it.each([
    ['', '', ['Title and Target URL are required']],
    ['t', 'javascript:alert(1)', ['Invalid URL', { description: 'Only valid http(s) URLs are allowed.' }]],
    ['t', 'example.com', ['Invalid URL', { description: 'Only valid http(s) URLs are allowed.' }]],
  ] as const)('refuses %j → %j without a call', async (title, target, toastArgs) => {
    const calls = stubApi({});
    await openGuest();
    fill(title, target);
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    expect(toast.error).toHaveBeenCalledWith(...toastArgs);
    expect(calls).toHaveLength(0);
  });

  it('creates without a token, stores the link, then limits the next one to a minute', async () => {
    const created = link(7, { shortCode: 'Gst123', title: 'Mine', targetUrl: 'https://a.example/' });
    const calls = stubApi({ 'POST /api/shortlinks': json(created, 201) });
    await openGuest();
    fill('Mine', 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    expect(calls[0]).toMatchObject({ key: 'POST /api/shortlinks', auth: null });
    expect(calls[0]?.body).toEqual({ title: 'Mine', targetUrl: 'https://a.example/', metaImage: '' });
    expect(screen.getByRole('heading', { name: 'Your Shortlink' })).toHaveFocus();
    expect(screen.getByRole('link', { name: `${ORIGIN}/Gst123` })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(GUEST_LINK_KEY)!)).toEqual(created);
    expect(Number(localStorage.getItem(GUEST_LAST_CREATED_KEY))).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Create Another Link' }));
    expect(localStorage.getItem(GUEST_LINK_KEY)).toBeNull();
    fill('Again', 'https://b.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    expect(toast.error).toHaveBeenCalledWith('Rate Limited', {
      description: 'You can only create one shortlink per minute as a guest.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(/Try again in (60|59) seconds\./);
    expect(calls).toHaveLength(1);
  });

  it('keeps the link and starts the minute when the guest leaves before the answer comes', async () => {
    const created = link(8, { shortCode: 'Late12' });
    let answer: (response: Response) => void = () => undefined;
    stubApi({ 'POST /api/shortlinks': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await openGuest();
    fill('Late', 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await flush();
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Admin' }));
    answer(Response.json(created, { status: 201 }));
    await settle();
    expect(JSON.parse(localStorage.getItem(GUEST_LINK_KEY)!)).toEqual(created);
    expect(Number(localStorage.getItem(GUEST_LAST_CREATED_KEY))).toBeGreaterThan(0);
  });

  it('shows the server 429 with the same messages and its Retry-After', async () => {
    stubApi({
      'POST /api/shortlinks': () =>
        Response.json(
          { error: 'You can only create one shortlink per minute as a guest.', code: 'GUEST_RATE_LIMITED' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
    });
    await openGuest();
    fill('x', 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Rate Limited', {
      description: 'You can only create one shortlink per minute as a guest.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 42 seconds.');
  });

  it('shows a stored guest link on return', () => {
    stubApi({});
    localStorage.setItem(GUEST_LINK_KEY, JSON.stringify(link(3, { shortCode: 'Back12' })));
    renderTool();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Guest' }));
    expect(screen.getByRole('link', { name: `${ORIGIN}/Back12` })).toBeInTheDocument();
  });

  it('toasts Failed to create shortlink for other failures', async () => {
    stubApi({ 'POST /api/shortlinks': json({ error: 'Internal error' }, 500) });
    await openGuest();
    fill('x', 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to create shortlink', { description: 'Internal error' });
  });
});
