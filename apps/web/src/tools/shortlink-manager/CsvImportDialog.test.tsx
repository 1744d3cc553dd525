import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ImportDryRunResponse } from '@toolvault/shared';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiFailure, Result } from '../../lib/result';
import { parseCsv, type CsvTable } from './csv-import.service';
import { CsvImportDialog } from './CsvImportDialog';
import { json, NO_TAGS, pageOf, renderTool, settle, stubApi, summaryOf, TOKEN } from './manager-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const tableOf = (text: string): CsvTable => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const CSV = [
  'Name,URL,Code,Labels,Visit Limit,Notes',
  'One,https://one.example,one01,"a, b",5,first',
  'Two,https://two.example,,,,',
  'Three,https://three.example,,,,',
  'Four,https://four.example,,,,',
  'Five,https://five.example,,,,',
  'Six,https://six.example,,,,',
].join('\n');

type CheckAnswer = Result<ImportDryRunResponse, ApiFailure>;

function renderDialog({
  text = CSV,
  check = async (): Promise<CheckAnswer> => ({ ok: true, value: { valid: 6, problems: [] } }),
  importRows = async () => true,
}: {
  text?: string;
  check?: (rows: unknown[]) => Promise<CheckAnswer>;
  importRows?: (rows: unknown[]) => Promise<boolean>;
} = {}) {
  const onCheck = vi.fn(check);
  const onImport = vi.fn(importRows);
  const onClose = vi.fn();
  render(
    <CsvImportDialog
      fileName="links.csv"
      table={tableOf(text)}
      onCheck={onCheck}
      onImport={onImport}
      onClose={onClose}
    />,
  );
  return { onCheck, onImport, onClose };
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const selectedColumn = (label: string) => {
  const element = select(label);
  return element.selectedOptions[0]?.textContent;
};
const importButton = () => screen.getByRole('button', { name: /^Import \d+ links?$/ });
const click = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('the column mapping', () => {
  it('pre-fills each field from the header names, whatever their case, and leaves the others unmapped', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Import shortlinks from links.csv' })).toBeInTheDocument();
    expect(selectedColumn('Title (required)')).toBe('Name');
    expect(selectedColumn('Target URL (required)')).toBe('URL');
    expect(selectedColumn('Short code')).toBe('Code');
    expect(selectedColumn('Visit limit')).toBe('Visit Limit');
    expect(selectedColumn('Tags')).toBe('Not imported');
    expect(selectedColumn('Description')).toBe('Not imported');
    // Every column of the file can be chosen for any field.
    expect(
      within(select('Tags'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not imported', 'Name', 'URL', 'Code', 'Labels', 'Visit Limit', 'Notes']);
  });

  it('previews the first 5 rows as they will be sent, following the columns chosen', () => {
    renderDialog();
    const preview = screen.getByRole('table', { name: /Preview: the first 5 of 6 rows/ });
    const rows = within(preview).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Row', 'Short code', 'Target URL', 'Title', 'Visit limit']);
    expect(rows[1]).toHaveTextContent('one01https://one.exampleOne5');
    expect(within(preview).queryByText('Six')).toBeNull();

    fireEvent.change(select('Tags'), { target: { value: '3' } });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('Tags');
    expect(within(preview).getByText('a, b')).toBeInTheDocument();
  });

  it('names a required field without a column, and cannot check until it has one', async () => {
    const { onCheck } = renderDialog({ text: 'Label,Link\nOne,https://one.example' });
    expect(selectedColumn('Title (required)')).toBe('Not imported');
    expect(screen.getByText('Choose the column of Target URL and Title.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    fireEvent.change(select('Title (required)'), { target: { value: '0' } });
    fireEvent.change(select('Target URL (required)'), { target: { value: '1' } });
    expect(screen.queryByText(/^Choose the column of /)).toBeNull();
    await click('Check');
    expect(onCheck).toHaveBeenCalledWith([{ title: 'One', targetUrl: 'https://one.example' }]);
  });
});

describe('the check', () => {
  it('lists every problem by row, field and message, and keeps Import disabled', async () => {
    const { onCheck, onImport } = renderDialog({
      check: async () => ({
        ok: true,
        value: {
          valid: 4,
          problems: [
            { row: 2, field: 'targetUrl', message: 'Only valid http(s) URLs are allowed.' },
            { row: 5, field: 'shortCode', message: 'Short code already exists' },
            { row: 5, message: 'Unknown field: colour' },
          ],
        },
      }),
    });
    expect(importButton()).toBeDisabled();
    await click('Check');
    expect(onCheck).toHaveBeenCalledTimes(1);
    expect(onCheck.mock.calls[0]![0]).toHaveLength(6);
    expect(screen.getByRole('status')).toHaveTextContent('2 rows of 6 cannot be imported (3 problems)');
    const table = screen.getByRole('table', { name: /Problems by row/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2', 'Target URL', 'Only valid http(s) URLs are allowed.'],
      ['5', 'Short code', 'Short code already exists'],
      ['5', '—', 'Unknown field: colour'],
    ]);
    expect(importButton()).toBeDisabled();
    fireEvent.click(importButton());
    expect(onImport).not.toHaveBeenCalled();
  });

  it('enables "Import N links" only after a clean check of the columns chosen now', async () => {
    const { onImport } = renderDialog();
    expect(importButton()).toHaveTextContent('Import 6 links');
    expect(importButton()).toBeDisabled();
    await click('Check');
    expect(screen.getByRole('status')).toHaveTextContent('All 6 rows are ready');
    expect(screen.queryByRole('table', { name: /Problems by row/ })).toBeNull();
    expect(importButton()).toBeEnabled();

    // Another column: the rows are not the ones checked.
    fireEvent.change(select('Description'), { target: { value: '5' } });
    expect(importButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Check the file');
    await click('Check');
    expect(importButton()).toBeEnabled();
    await act(async () => fireEvent.click(importButton()));
    expect(onImport).toHaveBeenCalledTimes(1);
    expect(onImport.mock.calls[0]![0]).toEqual(
      expect.arrayContaining([
        { title: 'One', targetUrl: 'https://one.example', shortCode: 'one01', maxVisits: 5, description: 'first' },
        { title: 'Six', targetUrl: 'https://six.example' },
      ]),
    );
  });

  it('shows the loading state while the check runs', async () => {
    let answer: (value: CheckAnswer) => void = () => undefined;
    renderDialog({ check: () => new Promise<CheckAnswer>((resolve) => (answer = resolve)) });
    await click('Check');
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Checking all 6 rows…');
    expect(importButton()).toBeDisabled();
    await act(async () => answer({ ok: true, value: { valid: 6, problems: [] } }));
    expect(importButton()).toBeEnabled();
  });

  it('toasts a failed check and says so in the dialog; Import stays disabled', async () => {
    renderDialog({ check: async () => ({ ok: false, error: { message: 'Service unavailable', status: 503 } }) });
    await click('Check');
    expect(toast.error).toHaveBeenCalledWith('Failed to check the file', { description: 'Service unavailable' });
    expect(screen.getByRole('status')).toHaveTextContent('The check failed: Service unavailable');
    expect(importButton()).toBeDisabled();
  });

  it('asks for a new check when the import is refused after it', async () => {
    renderDialog({ importRows: async () => false });
    await click('Check');
    await act(async () => fireEvent.click(importButton()));
    expect(importButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Check the file');
  });

  it('closes by Escape and by Cancel', () => {
    const { onClose } = renderDialog();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('a CSV file in the manager', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  const openFile = async (text: string) => {
    fireEvent.change(screen.getByLabelText('Import shortlinks from a JSON or CSV file'), {
      target: { files: [new File([text], 'links.csv', { type: 'text/csv' })] },
    });
    await settle();
  };

  it('is mapped, dry-run and imported through the API, nothing sent before Check', async () => {
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /api/shortlinks': json(pageOf([])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'POST /api/shortlinks/import/dry-run': json({ valid: 1, problems: [] }),
      'POST /api/shortlinks/import': json({ imported: 1 }, 201),
    });
    renderTool();
    await settle();
    fireEvent.click(screen.getByRole('tab', { name: 'Manage Links' }));
    await openFile('title,targetUrl\nOne,https://one.example\n');
    expect(screen.getByRole('dialog', { name: 'Import shortlinks from links.csv' })).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

    await click('Check');
    await settle();
    const rows = [{ title: 'One', targetUrl: 'https://one.example' }];
    expect(calls.find((call) => call.key === 'POST /api/shortlinks/import/dry-run')?.body).toEqual(rows);
    await act(async () => fireEvent.click(importButton()));
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/shortlinks/import')?.body).toEqual(rows);
    expect(toast.success).toHaveBeenCalledWith('Imported', { description: '1 shortlink imported successfully' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a file that is not CSV with a toast, opening nothing', async () => {
    stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /api/shortlinks': json(pageOf([])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
    });
    renderTool();
    await settle();
    fireEvent.click(screen.getByRole('tab', { name: 'Manage Links' }));
    await openFile('title,targetUrl\n');
    expect(toast.error).toHaveBeenCalledWith('Failed to import shortlinks', {
      description: 'The file contains no shortlinks',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
