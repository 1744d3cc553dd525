// The Manage Links list: server pages and their cursor, search, sort and tag filter kept in the URL,
// deletes that keep the count without a reload, and a page that fails.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterDebounce,
  field,
  flush,
  go,
  json,
  link,
  listCalls,
  manage,
  pageOf,
  query,
  renderTool,
  settle,
  stubApi,
  tab,
  TOKEN,
  type,
  type Call,
} from './manager-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('manage links', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  const table = () => screen.getByRole('table', { name: /^Shortlinks, page/ });
  const rows = () => within(table()).getAllByRole('row').slice(1);
  const lastList = (calls: Call[]) => Object.fromEntries(listCalls(calls).at(-1)?.params ?? []);

  it('shows one server page as a table with a count, and pages with the server cursor', async () => {
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': (_body, _init, params) =>
          params.get('cursor') === 'c2'
            ? json(pageOf([link(3)], { total: 120 }))()
            : json(pageOf([link(1), link(2, { redirectMode: 'direct' })], { nextCursor: 'c2', total: 120 }))(),
      }),
    );
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'newest' });
    expect(screen.getByRole('status')).toHaveTextContent('120 links · Page 1 of 3');
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0]!).getByText('Link 1')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Preview page')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('Redirect at once')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await settle();
    expect(query().getAll('after')).toEqual(['c2']);
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'newest', cursor: 'c2' });
    expect(table()).toHaveAccessibleName('Shortlinks, page 2');
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Shortlinks, page 2' })).toHaveFocus();

    // Back shows page 1 again; Previous from page 2 does the same as a new entry.
    act(() => void go(-1));
    await settle();
    expect(table()).toHaveAccessibleName('Shortlinks, page 1');
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'newest' });
    act(() => void go(1));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await settle();
    expect(query().getAll('after')).toEqual([]);
    expect(table()).toHaveAccessibleName('Shortlinks, page 1');

    // A bigger page starts from the first page again.
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await settle();
    fireEvent.change(field('Rows per page'), { target: { value: '100' } });
    await settle();
    expect(lastList(calls)).toEqual({ limit: '100', sort: 'newest' });
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', size: '100' });
    expect(screen.getByRole('status')).toHaveTextContent('120 links · Page 1 of 2');
  });

  it('searches after a pause or on Enter, sorts and filters by tag: each goes to the server and the URL', async () => {
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': (_body, _init, params) =>
          json(params.get('q') === 'nothing' ? pageOf([]) : pageOf([link(1)], { nextCursor: 'c2', total: 80 }))(),
      }),
    );
    renderTool('/shortlink-manager?tab=manage&after=c2');
    await settle();
    const before = listCalls(calls).length;

    type('Search links', 'owasp');
    await flush();
    expect(listCalls(calls)).toHaveLength(before);
    await afterDebounce();
    // A new search starts from the first page.
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'newest', q: 'owasp' });
    expect(query().get('q')).toBe('owasp');
    expect(query().getAll('after')).toEqual([]);

    fireEvent.change(field('Sort by'), { target: { value: 'clicks' } });
    await settle();
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'clicks', q: 'owasp' });
    expect(within(field('Tag')).getByRole('option', { name: 'xss (3)' })).toBeInTheDocument();
    fireEvent.change(field('Tag'), { target: { value: 'xss' } });
    await settle();
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'clicks', q: 'owasp', tag: 'xss' });
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', q: 'owasp', sort: 'clicks', tag: 'xss' });

    type('Search links', 'nothing');
    fireEvent.keyDown(field('Search links'), { key: 'Enter' });
    await settle();
    expect(lastList(calls)).toMatchObject({ q: 'nothing' });
    expect(screen.getByText('No links match your search')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 links');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await settle();
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', sort: 'clicks' });
    expect(field('Search links')).toHaveValue('');
  });

  it('keeps a search sent just before a sort change that comes before the page re-renders', async () => {
    const calls = stubApi(manage({ 'GET /api/shortlinks': json(pageOf([link(1)])) }));
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    type('Search links', 'owasp');
    // Both in one batch: the sort's handler runs before a render shows the search.
    act(() => {
      fireEvent.keyDown(field('Search links'), { key: 'Enter' });
      fireEvent.change(field('Sort by'), { target: { value: 'title' } });
    });
    await settle();
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', q: 'owasp', sort: 'title' });
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'title', q: 'owasp' });
  });

  it('restores search, tag, sort and page from the URL; Back returns to the previous search', async () => {
    const calls = stubApi(manage({ 'GET /api/shortlinks': json(pageOf([link(7)], { total: 200 })) }));
    renderTool('/shortlink-manager?tab=manage&q=rfc&tag=tls&sort=title&after=c2&after=c3');
    await settle();
    expect(tab('Manage Links')).toHaveAttribute('aria-selected', 'true');
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'title', q: 'rfc', tag: 'tls', cursor: 'c3' });
    expect(field('Search links')).toHaveValue('rfc');
    expect(field('Sort by')).toHaveValue('title');
    // A tag missing from the tag list (a shared URL) is still shown as chosen.
    expect(field('Tag')).toHaveValue('tls');
    expect(screen.getByRole('status')).toHaveTextContent('200 links · Page 3 of 4');

    type('Search links', 'tls 1.3');
    await afterDebounce();
    expect(query().get('q')).toBe('tls 1.3');
    // The new search has been asked for and the old page's cache entry dropped (gcTime 0, on a
    // zero timer) before going Back; on a busy machine the debounce can fire late in its wait.
    await waitFor(() => expect(lastList(calls)).toMatchObject({ q: 'tls 1.3' }));
    await settle();
    act(() => void go(-1));
    await settle();
    expect(field('Search links')).toHaveValue('rfc');
    expect(lastList(calls)).toMatchObject({ q: 'rfc', cursor: 'c3' });
  });

  it('deletes from a later page: the row leaves and the count drops without loading the list again', async () => {
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([link(3), link(4)], { total: 52 })),
        'DELETE /api/shortlinks/3': () => new Response(null, { status: 204 }),
      }),
    );
    renderTool('/shortlink-manager?tab=manage&after=c2');
    await settle();
    const before = listCalls(calls).length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete code03' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(toast.success).toHaveBeenCalledWith('Shortlink deleted successfully');
    expect(screen.queryByRole('button', { name: 'Delete code03' })).not.toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('51 links');
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('shows a count the server capped as "10,000+ links" without a page count, and keeps it after a delete', async () => {
    stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([link(3), link(4)], { nextCursor: 'c3', total: 10_000, totalCapped: true })),
        'DELETE /api/shortlinks/3': () => new Response(null, { status: 204 }),
      }),
    );
    renderTool('/shortlink-manager?tab=manage&q=s&after=c2');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(/^10,000\+ links · Page 2$/);
    fireEvent.click(screen.getByRole('button', { name: 'Delete code03' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(/^10,000\+ links · Page 2$/);
  });

  it('asks for the rows after it when the last row of a page is deleted', async () => {
    let deleted = false;
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': () =>
          json(deleted ? pageOf([link(9)], { total: 60 }) : pageOf([link(3)], { total: 61 }))(),
        'DELETE /api/shortlinks/3': () => {
          deleted = true;
          return new Response(null, { status: 204 });
        },
      }),
    );
    renderTool('/shortlink-manager?tab=manage&after=c2');
    await settle();
    const before = listCalls(calls).length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete code03' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(listCalls(calls)).toHaveLength(before + 1);
    expect(lastList(calls)).toMatchObject({ cursor: 'c2' });
    expect(within(rows()[0]!).getByText('Link 9')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('60 links');
  });

  it('shows the error with Try again and First page when a page fails', async () => {
    let fail = true;
    stubApi(
      manage({
        'GET /api/shortlinks': () =>
          fail ? json({ error: 'Invalid cursor', code: 'VALIDATION' }, 400)() : json(pageOf([link(1)]))(),
      }),
    );
    renderTool('/shortlink-manager?tab=manage&after=bogus');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load shortlinks: Invalid cursor');
    expect(toast.error).toHaveBeenCalledWith('Failed to load shortlinks', { description: 'Invalid cursor' });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    await settle();
    expect(query().getAll('after')).toEqual([]);
    expect(rows()).toHaveLength(1);
  });
});
