// Data in and out of the manager: the JSON import and the sample data, the links' export from
// Manage Links and the clicks' export from Analytics.
import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  link,
  manage,
  NO_TAGS,
  pageOf,
  renderTool,
  settle,
  stubApi,
  stubObjectUrls,
  summaryOf,
  tab,
  TOKEN,
  type Handler,
} from './manager-testing';
import { siteAnalytics } from './analytics-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('admin', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  it.each([
    ['not JSON', '{nope', 'Invalid JSON file format'],
    ['an object', '{"title":"x"}', 'Invalid JSON file format'],
  ])('refuses an import file that is %s without a call', async (_name, text, message) => {
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /api/shortlinks': json(pageOf([])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Manage Links'));
    const file = new File([text], 'links.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Import shortlinks from a JSON or CSV file'), { target: { files: [file] } });
    await settle();
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(calls.some((call) => call.key === 'POST /api/shortlinks/import')).toBe(false);
  });

  it('imports an array and shows the server count; a bad row shows the server error', async () => {
    let reply = json({ imported: 2 }, 201);
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /api/shortlinks': json(pageOf([])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'POST /api/shortlinks/import': () => reply(),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Manage Links'));
    const rows = [
      { title: 'a', targetUrl: 'https://a.example' },
      { title: 'b', targetUrl: 'https://b.example' },
    ];
    const input = screen.getByLabelText('Import shortlinks from a JSON or CSV file');
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(rows)], 'x.json')] } });
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/shortlinks/import')?.body).toEqual(rows);
    expect(toast.success).toHaveBeenCalledWith('Imported', { description: '2 shortlinks imported successfully' });

    reply = json({ error: 'Row 2: Title and Target URL are required' }, 400);
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(rows)], 'x.json')] } });
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to import shortlinks', {
      description: 'Row 2: Title and Target URL are required',
    });
  });

  it('loads the sample data through the import', async () => {
    const sample = [{ title: 'a', targetUrl: 'https://a.example', metaImage: '', description: '', tags: [] }];
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /sample-shortlinks.json': json(sample),
      'POST /api/shortlinks/import': json({ imported: 1 }, 201),
    });
    renderTool();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Load sample data' }));
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/shortlinks/import')?.body).toEqual(sample);
    expect(toast.success).toHaveBeenCalledWith('Loaded', { description: '1 sample shortlink loaded' });
  });
});

describe('click export', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  const CLICKS = 'GET /api/shortlinks/clicks/export';
  const exportButtons = () => within(screen.getByRole('group', { name: 'Export clicks' })).getAllByRole('button');
  /** Opens Analytics and presses `button`; the server answers the export with `answer`. */
  const exportClicks = async (button: string, answer: Handler) => {
    const calls = stubApi({ 'GET /api/shortlinks/analytics': json(siteAnalytics()), [CLICKS]: answer });
    renderTool('/shortlink-manager?tab=analytics');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: button }));
    await settle();
    return calls;
  };

  it.each([
    ['CSV', 'csv'],
    ['JSON', 'json'],
  ])('exports the clicks as %s from Analytics, busy until the file arrives', async (label, format) => {
    const createObjectURL = stubObjectUrls();
    let answer: (response: Response) => void = () => undefined;
    const calls = await exportClicks(
      `Export clicks ${label}`,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    // Both buttons wait for the one file.
    expect(exportButtons().map((button) => [button.textContent, (button as HTMLButtonElement).disabled])).toEqual([
      ['Exporting...', true],
      ['Exporting...', true],
    ]);
    const call = calls.find((item) => item.key === CLICKS);
    expect(call?.params.get('format')).toBe(format);
    expect(call?.auth).toBe(`Bearer ${TOKEN}`);

    answer(new Response('shortCode,clickedAt,referrerHost,country,device\r\n'));
    await settle();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Exported', {
      description: expect.stringMatching(new RegExp(`^shortlink-clicks-\\d{4}-\\d{2}-\\d{2}\\.${format}$`)),
    });
    expect(screen.getByRole('button', { name: `Export clicks ${label}` })).toBeEnabled();
  });

  it('toasts the server error and saves nothing when the export fails', async () => {
    const createObjectURL = stubObjectUrls();
    await exportClicks('Export clicks CSV', json({ error: 'Database unavailable' }, 503));
    expect(toast.error).toHaveBeenCalledWith('Failed to export clicks', { description: 'Database unavailable' });
    expect(toast.success).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export clicks CSV' })).toBeEnabled();
  });

  it('ends the session on a 401, like every other call', async () => {
    await exportClicks('Export clicks JSON', json({ error: 'Unauthorized' }, 401));
    expect(toast.error).toHaveBeenCalledWith('Session expired', { description: 'Please log in again.' });
    expect(toast.error).not.toHaveBeenCalledWith('Failed to export clicks', expect.anything());
    expect(localStorage.getItem('shortlinkAdminToken')).toBeNull();
    expect(screen.getByLabelText('Admin Password')).toBeInTheDocument();
  });
});

describe('manage links', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  it.each([
    ['JSON', 'json'],
    ['CSV', 'csv'],
  ])('exports %s as a file named by the date', async (label, format) => {
    const createObjectURL = stubObjectUrls();
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([link(1)])),
        'GET /api/shortlinks/export': () => new Response('shortCode,title\r\ncode01,Link 1\r\n'),
      }),
    );
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Export ${label}` }));
    await settle();
    const call = calls.find((item) => item.key === 'GET /api/shortlinks/export');
    expect(call?.params.get('format')).toBe(format);
    expect(call?.auth).toBe(`Bearer ${TOKEN}`);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Exported', {
      description: expect.stringMatching(new RegExp(`^shortlinks-\\d{4}-\\d{2}-\\d{2}\\.${format}$`)),
    });
  });
});
