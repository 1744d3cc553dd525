import { fireEvent, screen, within } from '@testing-library/react';
import { ROLE_GRANTS, type ShortlinkFolder } from '@toolvault/shared';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../../features/auth/admin-session';
import {
  field,
  json,
  link,
  listCalls,
  NO_TAGS,
  pageOf,
  query,
  renderTool,
  settle,
  stubApi,
  summaryOf,
  TOKEN,
  type Call,
  type Handler,
} from './manager-testing';

/*
 * Bulk changes in Manage Links: ticking rows and a page, "Select all N matching" under a filter, the
 * confirmation that states the count, the request each action sends, its toasts, and the folder
 * and archive filters with the folder dialog.
 */

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const SPRING: ShortlinkFolder = { id: 4, name: 'Spring', createdAt: '2025-03-01T00:00:00.000Z', links: 2 };
const PAGE = [link(1), link(2), link(3)];

beforeEach(() => {
  localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
});
afterEach(() => {
  localStorage.clear();
});

const bulkCalls = (calls: Call[]) => calls.filter((call) => call.key === 'POST /api/shortlinks/bulk');
const box = (name: string) => screen.getByRole('checkbox', { name });
const toolbar = () => screen.getByRole('toolbar', { name: 'Actions on the selected links' });
const dialog = () => screen.getByRole('alertdialog');

async function openManager(url = '/shortlink-manager?tab=manage', extra: Record<string, Handler> = {}) {
  const calls = stubApi({
    'GET /api/shortlinks/tags': json(NO_TAGS),
    'GET /api/shortlinks/folders': json({ folders: [SPRING] }),
    'GET /api/shortlinks': json(pageOf(PAGE)),
    'POST /api/shortlinks/bulk': (body) => {
      const ids = (body as { ids?: number[] }).ids;
      return Response.json({ changed: ids?.length ?? 7, matched: ids?.length ?? 7 });
    },
    ...extra,
  });
  renderTool(url);
  await settle();
  return calls;
}

describe('bulk changes in Manage Links', () => {
  it('ticks rows and the page, and counts them in the bar', async () => {
    await openManager();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    fireEvent.click(box('Select code02'));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    const page = box('Select all links on this page') as HTMLInputElement;
    expect(page.indeterminate).toBe(true);
    expect(page).not.toBeChecked();

    fireEvent.click(page);
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(page).toBeChecked();
    expect(page.indeterminate).toBe(false);
    // Every action is a labelled button of the toolbar, in the page's tab order.
    expect(
      within(toolbar())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Add tag', 'Remove tag', 'Move to folder', 'Set expiry', 'Archive', 'Delete']);
    expect(within(toolbar()).getByRole('button', { name: 'Delete: 3 selected links' })).toBeEnabled();

    fireEvent.click(page);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('asks "Delete 2 links?" and sends the ticked ids, then toasts and clears the selection', async () => {
    const calls = await openManager();
    fireEvent.click(box('Select code03'));
    fireEvent.click(box('Select code01'));
    fireEvent.click(within(toolbar()).getByRole('button', { name: /^Delete/ }));
    expect(dialog()).toHaveAccessibleName('Delete 2 links?');
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(bulkCalls(calls)).toHaveLength(0);
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    fireEvent.click(within(toolbar()).getByRole('button', { name: /^Delete/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(bulkCalls(calls).map((call) => [call.body, call.auth])).toEqual([
      [{ ids: [1, 3], action: { type: 'delete' } }, `Bearer ${TOKEN}`],
    ]);
    expect(toast.success).toHaveBeenCalledWith('2 links deleted');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    // The list is asked again.
    expect(listCalls(calls).length).toBeGreaterThan(1);
  });

  it.each<[string, (get: typeof within) => void, object]>([
    [
      'Add tag',
      () => fireEvent.change(within(dialog()).getByLabelText('Tag'), { target: { value: '  promo ' } }),
      { type: 'tag', tags: ['promo'] },
    ],
    [
      'Remove tag',
      () => fireEvent.change(within(dialog()).getByLabelText('Tag'), { target: { value: 'demo' } }),
      { type: 'untag', tags: ['demo'] },
    ],
    [
      'Move to folder',
      () => fireEvent.change(within(dialog()).getByLabelText('Folder'), { target: { value: '4' } }),
      { type: 'move', folderId: 4 },
    ],
    [
      'Set expiry',
      () => fireEvent.click(within(dialog()).getByLabelText('Remove the expiry instead')),
      { type: 'setExpiry', validUntil: null },
    ],
    ['Archive', () => undefined, { type: 'archive' }],
  ])('%s sends its action for the ticked links', async (label, fill, action) => {
    const calls = await openManager();
    fireEvent.click(box('Select code02'));
    fireEvent.click(within(toolbar()).getByRole('button', { name: new RegExp(`^${label}`) }));
    fill(within);
    fireEvent.click(within(dialog()).getAllByRole('button').at(-1)!);
    await settle();
    expect(bulkCalls(calls).map((call) => call.body)).toEqual([{ ids: [2], action }]);
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it('sends a chosen expiry as the UTC instant of the local time typed', async () => {
    const calls = await openManager();
    fireEvent.click(box('Select code01'));
    fireEvent.click(within(toolbar()).getByRole('button', { name: /^Set expiry/ }));
    expect(dialog()).toHaveAccessibleName('Set the expiry of 1 link?');
    // Nothing chosen: the dialog says so and sends nothing.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Set expiry' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Choose the date and time the links expire');
    expect(bulkCalls(calls)).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('Valid until'), { target: { value: '2031-05-06T07:08' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Set expiry' }));
    await settle();
    expect(bulkCalls(calls).map((call) => call.body)).toEqual([
      { ids: [1], action: { type: 'setExpiry', validUntil: new Date('2031-05-06T07:08').toISOString() } },
    ]);
  });

  it('refuses an empty tag in the dialog and toasts a refusal of the server', async () => {
    const calls = await openManager('/shortlink-manager?tab=manage', {
      'POST /api/shortlinks/bulk': json(
        { error: 'A link may have at most 20 tags; nothing was changed', code: 'VALIDATION' },
        400,
      ),
    });
    fireEvent.click(box('Select code01'));
    fireEvent.click(within(toolbar()).getByRole('button', { name: /^Add tag/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add tag' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Enter a tag');
    expect(bulkCalls(calls)).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('Tag'), { target: { value: 'one-too-many' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add tag' }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Bulk change failed', {
      description: 'A link may have at most 20 tags; nothing was changed',
    });
    // The dialog stays, with the selection, to try again or cancel.
    expect(dialog()).toHaveAccessibleName('Tag 1 link?');
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('offers "Select all N matching" under a filter and sends the filter, with its count in the question', async () => {
    const calls = await openManager('/shortlink-manager?tab=manage&q=promo&status=active&folder=4&archived=1', {
      'GET /api/shortlinks': json(pageOf(PAGE, { total: 12, nextCursor: 'next' })),
    });
    expect(listCalls(calls).at(-1)?.params.get('folder')).toBe('4');
    expect(listCalls(calls).at(-1)?.params.get('archived')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Select all 12 matching' }));
    expect(screen.getByText('All 12 matching links selected')).toBeInTheDocument();
    expect(box('Select code02')).toBeChecked();
    // Viewing archived links, the bar offers Unarchive instead of Archive.
    expect(within(toolbar()).queryByRole('button', { name: /^Archive/ })).not.toBeInTheDocument();
    fireEvent.click(within(toolbar()).getByRole('button', { name: /^Delete/ }));
    expect(dialog()).toHaveAccessibleName('Delete 12 links?');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(bulkCalls(calls).map((call) => call.body)).toEqual([
      {
        filter: { q: 'promo', status: 'active', folder: '4', archived: 'true' },
        action: { type: 'delete' },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('7 links deleted');
  });

  it('does not offer all matching past 1,000 links, and starts a new selection when the filter changes', async () => {
    await openManager('/shortlink-manager?tab=manage&q=a', {
      'GET /api/shortlinks': json(pageOf(PAGE, { total: 1001, nextCursor: 'next' })),
    });
    expect(screen.queryByRole('button', { name: /matching/ })).not.toBeInTheDocument();
    expect(screen.getByText(/1,001 links match: narrow the search/)).toBeInTheDocument();
    fireEvent.click(box('Select code01'));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    fireEvent.change(field('Folder'), { target: { value: 'none' } });
    await settle();
    expect(query().get('folder')).toBe('none');
    expect(box('Select code01')).not.toBeChecked();
  });

  it('filters by folder and the archive, and creates, renames and deletes folders in a dialog', async () => {
    const calls = await openManager('/shortlink-manager?tab=manage', {
      'POST /api/shortlinks/folders': (body) =>
        Response.json({ id: 9, name: (body as { name: string }).name, createdAt: SPRING.createdAt, links: 0 }),
      'PUT /api/shortlinks/folders/4': (body) => Response.json({ ...SPRING, name: (body as { name: string }).name }),
      'DELETE /api/shortlinks/folders/4': () => new Response(null, { status: 204 }),
    });
    expect(within(field('Folder')).getByRole('option', { name: 'Spring (2)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Archived' }));
    await settle();
    expect(query().get('archived')).toBe('1');
    expect(listCalls(calls).at(-1)?.params.get('archived')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Manage folders' }));
    const folders = screen.getByRole('dialog', { name: 'Folders' });
    expect(within(folders).getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.change(within(folders).getByLabelText('Name'), { target: { value: ' Autumn ' } });
    fireEvent.click(within(folders).getByRole('button', { name: 'Create folder' }));
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/shortlinks/folders')?.body).toEqual({ name: 'Autumn' });
    expect(toast.success).toHaveBeenCalledWith('Folder created', { description: 'Autumn' });

    fireEvent.change(within(folders).getByLabelText('Folder'), { target: { value: '4' } });
    expect(within(folders).getByLabelText('Name')).toHaveValue('Spring');
    fireEvent.change(within(folders).getByLabelText('Name'), { target: { value: 'Summer' } });
    fireEvent.click(within(folders).getByRole('button', { name: 'Rename' }));
    await settle();
    expect(calls.find((call) => call.key === 'PUT /api/shortlinks/folders/4')?.body).toEqual({ name: 'Summer' });

    fireEvent.change(within(folders).getByLabelText('Folder'), { target: { value: '4' } });
    fireEvent.click(within(folders).getByRole('button', { name: 'Delete folder' }));
    await settle();
    expect(calls.some((call) => call.key === 'DELETE /api/shortlinks/folders/4')).toBe(true);
    expect(toast.success).toHaveBeenCalledWith('Folder deleted', undefined);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Folders' })).not.toBeInTheDocument();
  });

  it('shows no check boxes or folder management to a Viewer', async () => {
    await openManager('/shortlink-manager?tab=manage', {
      'GET /api/account': json({ id: 5, login: 'v', displayName: 'Val', role: 'viewer', grants: ROLE_GRANTS.viewer }),
    });
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage folders' })).not.toBeInTheDocument();
    expect(field('Folder')).toBeInTheDocument();
  });
});

describe('the folder of one link, in the Create/Edit form', () => {
  it('puts a new link in the folder chosen, and sends null for No folder', async () => {
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /api/shortlinks/folders': json({ folders: [SPRING] }),
      'POST /api/shortlinks': (body) => json(link(9, body as object), 201)(),
    });
    renderTool('/shortlink-manager?tab=create');
    await settle();
    fireEvent.change(field(/^Title/), { target: { value: 'Spring sale' } });
    fireEvent.change(field(/^Target URL/), { target: { value: 'https://shop.example/spring' } });
    expect(field('Folder')).toHaveValue('');
    fireEvent.change(field('Folder'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    fireEvent.change(field(/^Title/), { target: { value: 'Loose' } });
    fireEvent.change(field(/^Target URL/), { target: { value: 'https://shop.example/loose' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    const sent = calls.filter((call) => call.key === 'POST /api/shortlinks').map((call) => call.body);
    expect(sent).toMatchObject([
      { title: 'Spring sale', folderId: 4 },
      { title: 'Loose', folderId: null },
    ]);
  });

  it('keeps an edited link in its folder, even one the list does not name', async () => {
    const filed = link(1, { title: 'Filed', folderId: 7 });
    const calls = stubApi({
      'GET /api/shortlinks': json(pageOf([filed])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'GET /api/shortlinks/folders': json({ folders: [SPRING] }),
      'PUT /api/shortlinks/1': (body) => json({ ...filed, ...(body as object) })(),
    });
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Edit/ }));
    await settle();
    expect(field('Folder')).toHaveValue('7');
    expect(within(field('Folder')).getByRole('option', { name: 'Folder 7' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Update Shortlink' }));
    await settle();
    expect(calls.find((call) => call.key === 'PUT /api/shortlinks/1')?.body).toMatchObject({ folderId: 7 });
  });
});
