// The shortlink manager's files: exporting the links as JSON and importing them back, refusing a bad
// file or a conflicting row, and importing a CSV file through its column choices and check.
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadFrom, expectAccessible, pageErrors } from './support';
import {
  adminPage,
  api,
  countLinks,
  createLink,
  findLink,
  logIn,
  selectTab,
  toast,
  uniqueCode,
} from './shortlinks-support';

beforeAll(logIn);

describe('shortlink manager (admin)', () => {
  it('exports JSON, refuses a non-array file, reports a server conflict, and imports the exported row back', async () => {
    const code = uniqueCode('ex');
    await createLink({
      shortCode: code,
      title: 'Export me',
      targetUrl: 'https://www.rfc-editor.org/rfc/rfc6749',
      tags: ['rfc'],
    });
    const page = await adminPage();
    await selectTab(page, 'Manage Links');
    await page.getByRole('button', { name: `Copy ${code}` }).waitFor();

    const download = await downloadFrom(page.getByRole('button', { name: 'Export JSON', exact: true }));
    await toast(page, 'Exported').waitFor();
    expect(download.name).toMatch(/^shortlinks-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(download.bytes.toString('utf8')) as Record<string, unknown>[];
    expect(Array.isArray(exported)).toBe(true);
    const row = exported.find((item) => item.shortCode === code);
    expect(row).toMatchObject({
      shortCode: code,
      title: 'Export me',
      targetUrl: 'https://www.rfc-editor.org/rfc/rfc6749',
      tags: ['rfc'],
      clickCount: 0,
    });

    const file = page.getByLabel('Import shortlinks from a JSON or CSV file');
    await file.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"title":"x"}') });
    await toast(page, 'Invalid JSON file format').waitFor();

    // Exported rows collide with the links that still exist: the server's error is shown, nothing is added.
    const before = await countLinks();
    await file.setInputFiles({
      name: 'some.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify([row, ...exported.slice(0, 50)])),
    });
    await toast(page, 'Failed to import shortlinks', 'Short code already exists').waitFor();
    expect(await countLinks()).toBe(before);

    // Removed, then restored from its exported row.
    const link = await findLink(code);
    await api(`/api/shortlinks/${link?.id}`, { method: 'DELETE' });
    await file.setInputFiles({
      name: 'one.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify([row])),
    });
    await toast(page, 'Imported', '1 shortlink imported successfully').waitFor();
    await page.getByRole('button', { name: `Copy ${code}` }).waitFor();
    expect(await findLink(code)).toMatchObject({
      title: 'Export me',
      targetUrl: 'https://www.rfc-editor.org/rfc/rfc6749',
    });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('imports a CSV file through its columns, a check listing each bad row, and only then the import', async () => {
    const page = await adminPage();
    await selectTab(page, 'Manage Links');
    const [one, two] = [uniqueCode('csv'), uniqueCode('csv')];
    const csvFile = (second: string) => ({
      name: 'links.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Name,Address,Code,Labels',
          `CSV one,https://www.rfc-editor.org/rfc/rfc4180,${one},"csv, rfc"`,
          `CSV two,${second},${two},`,
        ].join('\r\n'),
      ),
    });
    const file = page.getByLabel('Import shortlinks from a JSON or CSV file');
    await file.setInputFiles(csvFile('not a web address'));
    const dialog = page.getByRole('dialog', { name: 'Import shortlinks from links.csv' });
    await dialog.waitFor();
    // "Name" and "Code" are known header names; "Address" and "Labels" are chosen by hand.
    expect(await dialog.getByLabel('Title (required)').inputValue()).toBe('0');
    expect(await dialog.getByLabel('Short code').inputValue()).toBe('2');
    await dialog.getByLabel('Target URL (required)').selectOption({ label: 'Address' });
    await dialog.getByLabel('Tags').selectOption({ label: 'Labels' });
    const importButton = dialog.getByRole('button', { name: 'Import 2 links' });
    expect(await importButton.isDisabled()).toBe(true);
    await expectAccessible(page, '/shortlink-manager (CSV columns)');

    await dialog.getByRole('button', { name: 'Check' }).click();
    const problems = dialog.getByRole('table', { name: /Problems by row/ });
    await problems.waitFor();
    expect(await problems.getByRole('row').nth(1).innerText()).toMatch(
      /^2\s+Target URL\s+Only valid http\(s\) URLs are allowed\.$/,
    );
    expect(await importButton.isDisabled()).toBe(true);
    await expectAccessible(page, '/shortlink-manager (CSV check with problems)');
    // Nothing was stored by the check.
    expect(await findLink(one)).toBeUndefined();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await file.setInputFiles(csvFile('https://www.rfc-editor.org/rfc/rfc7111'));
    await dialog.getByLabel('Target URL (required)').selectOption({ label: 'Address' });
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('All 2 rows are ready').waitFor();
    await importButton.click();
    await toast(page, 'Imported', '2 shortlinks imported successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await findLink(one)).toMatchObject({ title: 'CSV one', tags: [] });
    expect(await findLink(two)).toMatchObject({ targetUrl: 'https://www.rfc-editor.org/rfc/rfc7111' });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
