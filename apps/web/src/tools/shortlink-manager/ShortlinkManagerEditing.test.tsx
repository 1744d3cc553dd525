// An admin's link editing: the form's checks, a generated code and its retry when taken, editing,
// deleting after the confirm dialog, and the redirect choice.
import { fireEvent, screen, within } from '@testing-library/react';
import type { Shortlink } from '@toolvault/shared';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  field,
  json,
  link,
  listCalls,
  manage,
  NO_TAGS,
  ORIGIN,
  pageOf,
  renderTool,
  settle,
  stubApi,
  summaryOf,
  tab,
  TOKEN,
  type,
} from './manager-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('admin', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  it('refuses an empty form without a call, then creates with a generated 6-character code', async () => {
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'POST /api/shortlinks': (body) => json(link(5, { ...(body as object) }), 201)(),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Create Link'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title and Target URL are required');
    expect(toast.error).toHaveBeenCalledWith('Title and Target URL are required');
    expect(calls.some((call) => call.key === 'POST /api/shortlinks')).toBe(false);

    type(/^Title/, 'OWASP');
    type(/^Target URL/, 'https://owasp.org/');
    type(/^Tags/, 'owasp, top-ten ,');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    const post = calls.find((call) => call.key === 'POST /api/shortlinks');
    expect(post?.auth).toBe(`Bearer ${TOKEN}`);
    const sent = post?.body as Shortlink;
    expect(sent.shortCode).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(sent.tags).toEqual(['owasp', 'top-ten']);
    expect(sent.redirectMode).toBe('preview');
    expect(toast.success).toHaveBeenCalledWith('Shortlink created', { description: `${ORIGIN}/${sent.shortCode}` });
    expect(field(/^Title/)).toHaveValue('');
  });

  it('retries with a new code when the server says it exists', async () => {
    let attempts = 0;
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'POST /api/shortlinks': (body) =>
        ++attempts < 3
          ? json({ error: 'Short code already exists', code: 'SHORT_CODE_TAKEN' }, 409)()
          : json(link(5, body as Partial<Shortlink>), 201)(),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Create Link'));
    type(/^Title/, 'x');
    type(/^Target URL/, 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    const codes = calls
      .filter((call) => call.key === 'POST /api/shortlinks')
      .map((call) => (call.body as Shortlink).shortCode);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    expect(toast.success).toHaveBeenCalledWith('Shortlink created', expect.anything());
  });

  it('edits: Cancel Edit returns to an empty form on Overview; Update saves and goes to Overview', async () => {
    const existing = link(1, { title: 'Old', tags: ['a', 'b'] });
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([existing])),
      'GET /api/shortlinks': json(pageOf([existing])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'PUT /api/shortlinks/1': (body) => json({ ...existing, ...(body as object) })(),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Manage Links'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Edit ${existing.shortCode}` }));
    expect(tab('Create Link')).toHaveAttribute('aria-selected', 'true');
    expect(field(/^Title/)).toHaveValue('Old');
    expect(field(/^Title/)).toHaveFocus();
    expect(field(/^Tags/)).toHaveValue('a, b');
    expect(field(/^Short code/)).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(tab('Create Link'));
    expect(field(/^Title/)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Cancel Edit' })).not.toBeInTheDocument();

    fireEvent.click(tab('Manage Links'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Edit ${existing.shortCode}` }));
    type(/^Title/, 'New');
    fireEvent.click(screen.getByRole('button', { name: 'Update Shortlink' }));
    await settle();
    const put = calls.find((call) => call.key === 'PUT /api/shortlinks/1');
    expect(put?.body).toEqual({
      title: 'New',
      targetUrl: existing.targetUrl,
      description: '',
      metaImage: '',
      tags: ['a', 'b'],
      redirectMode: 'preview',
      // The link has no rules, and the form sends them as they are (none).
      validFrom: null,
      validUntil: null,
      maxVisits: null,
      fallbackUrl: null,
      redirectStatus: 302,
      // Nor a folder.
      folderId: null,
    });
    expect(toast.success).toHaveBeenCalledWith('Shortlink updated successfully');
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    // Back on Manage Links, the row shows the new title from the update's answer, without a new list request.
    const before = listCalls(calls).length;
    fireEvent.click(tab('Manage Links'));
    await settle();
    expect(screen.getByRole('cell', { name: /^New/ })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('deletes only after the confirm dialog; Escape cancels', async () => {
    const existing = link(1);
    let list = [existing];
    const calls = stubApi({
      'GET /api/shortlinks/summary': () => json(summaryOf(list))(),
      'GET /api/shortlinks': () => json(pageOf(list))(),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'DELETE /api/shortlinks/1': () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Manage Links'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Delete ${existing.shortCode}` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this shortlink?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: `Delete ${existing.shortCode}` }));
    // Tab from the last button wraps to the first.
    const buttons = within(screen.getByRole('alertdialog')).getAllByRole('button');
    buttons.at(-1)!.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(buttons[0]).toHaveFocus();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(calls.find((call) => call.key === 'DELETE /api/shortlinks/1')?.auth).toBe(`Bearer ${TOKEN}`);
    expect(toast.success).toHaveBeenCalledWith('Shortlink deleted successfully');
    expect(screen.getByText('No shortlinks yet')).toBeInTheDocument();
  });
});

describe('manage links', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  it('offers the redirect choice: preview by default, sends "Redirect at once", and edit shows the saved one', async () => {
    const direct = link(2, { redirectMode: 'direct' });
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([direct])),
        'POST /api/shortlinks': (body) => json(link(5, body as Partial<Shortlink>), 201)(),
        'PUT /api/shortlinks/2': (body) => json({ ...direct, ...(body as object) })(),
        'GET /api/shortlinks/summary': json(summaryOf([])),
      }),
    );
    renderTool('/shortlink-manager?tab=create');
    await settle();
    const preview = screen.getByRole('radio', { name: /^Preview page \(8 s\)/ });
    const atOnce = screen.getByRole('radio', { name: /^Redirect at once/ });
    expect(preview).toBeChecked();
    fireEvent.click(atOnce);
    type(/^Title/, 'Fast');
    type(/^Target URL/, 'https://fast.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    expect((calls.find((call) => call.key === 'POST /api/shortlinks')?.body as Shortlink).redirectMode).toBe('direct');
    expect(screen.getByRole('radio', { name: /^Preview page/ })).toBeChecked();

    fireEvent.click(tab('Manage Links'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Edit code02' }));
    expect(screen.getByRole('radio', { name: /^Redirect at once/ })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: /^Preview page/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Shortlink' }));
    await settle();
    expect(calls.find((call) => call.key === 'PUT /api/shortlinks/2')?.body).toMatchObject({ redirectMode: 'preview' });
  });
});
