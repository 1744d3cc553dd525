import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, newPage, pageErrors } from './support';

const MB = 1024 * 1024;
const ALGORITHMS = ['md5', 'sha1', 'sha256', 'sha512'] as const;
const LABELS = { md5: 'MD5', sha1: 'SHA-1', sha256: 'SHA-256', sha512: 'SHA-512' } as const;
const DROP_ZONE = 'Drop a file here or click to choose one';

const nodeHash = (algorithm: string, data: string | Buffer) => createHash(algorithm).update(data).digest('hex');

const card = (page: Page, heading: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolvault-hash-e2e-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `megabytes` of incompressible bytes to a temp file and returns its path. */
function tempFile(name: string, megabytes: number): string {
  const file = path.join(dir, name);
  const fd = openSync(file, 'w');
  const block = randomBytes(8 * MB);
  for (let written = 0; written < megabytes * MB; written += block.length) {
    writeSync(fd, block, 0, Math.min(block.length, megabytes * MB - written));
  }
  closeSync(fd);
  return file;
}

describe('hash generator', () => {
  it('hashes "abc" with each algorithm exactly like Node crypto, and copies with a toast', async () => {
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/hash-generator');
    const text = card(page, 'Text');
    const generate = text.getByRole('button', { name: 'Generate Hash' });
    await generate.waitFor();
    expect(await generate.isDisabled()).toBe(true);
    expect(await text.getByRole('textbox', { name: /hash$/ }).count()).toBe(0);

    await text.getByLabel('Input Text').fill('abc');
    for (const algorithm of ALGORITHMS) {
      await text.getByRole('combobox', { name: 'Algorithm' }).selectOption(algorithm);
      await generate.click();
      const output = text.getByRole('textbox', { name: `${LABELS[algorithm]} hash` });
      await output.waitFor();
      expect(await output.inputValue(), algorithm).toBe(nodeHash(algorithm, 'abc'));
      expect(await output.getAttribute('readonly')).not.toBeNull();
    }

    await text.getByLabel('Input Text').fill('Grüße, 🔐 café');
    await generate.click();
    const sha512 = text.getByRole('textbox', { name: 'SHA-512 hash' });
    await sha512.waitFor();
    expect(await sha512.inputValue()).toBe(nodeHash('sha512', Buffer.from('Grüße, 🔐 café', 'utf8')));

    // Before copying, so the check covers this page rather than the shared toast.
    await expectAccessible(page, '/hash-generator (text result)');
    await text.getByRole('button', { name: 'Copy' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Copied!' });
    await toast.filter({ hasText: 'Hash copied to clipboard' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await sha512.inputValue());

    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('hashes a 20 MB file dropped on the drop zone, all four digests in one pass, like Node crypto', async () => {
    const page = await newPage();
    await page.goto('/hash-generator');
    const files = card(page, 'File');
    await files.getByRole('checkbox', { name: /Compute all four hashes/ }).check();

    // A real drop: the page builds a 20 MB File whose bytes Node can rebuild, and drops it.
    const size = 20 * MB;
    const pattern = (i: number) => (i * 31 + (i >>> 11)) & 0xff;
    const expected = Buffer.alloc(size);
    for (let i = 0; i < size; i += 1) expected[i] = pattern(i);
    const dataTransfer = await page.evaluateHandle((bytes) => {
      const data = new Uint8Array(bytes);
      for (let i = 0; i < bytes; i += 1) data[i] = (i * 31 + (i >>> 11)) & 0xff;
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], 'dropped-20mb.bin'));
      return transfer;
    }, size);
    const zone = files.getByText(DROP_ZONE);
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });

    for (const algorithm of ALGORITHMS) {
      const output = files.getByRole('textbox', { name: `${LABELS[algorithm]} hash` });
      await output.waitFor({ timeout: 30_000 });
      expect(await output.inputValue(), algorithm).toBe(nodeHash(algorithm, expected));
    }
    expect(await files.getByRole('status').textContent()).toBe('Hashed dropped-20mb.bin.');
    expect(await files.getByText('dropped-20mb.bin · 20.0 MB').count()).toBe(1);
    await expectAccessible(page, '/hash-generator (file result)');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('hashes a 20 MB file chosen through the file input with the selected algorithm', async () => {
    const file = tempFile('chosen-20mb.bin', 20);
    const page = await newPage();
    await page.goto('/hash-generator');
    await card(page, 'Text').getByRole('combobox', { name: 'Algorithm' }).selectOption('sha256');
    const files = card(page, 'File');
    await files.getByLabel(DROP_ZONE).setInputFiles(file);
    const output = files.getByRole('textbox', { name: 'SHA-256 hash' });
    await output.waitFor({ timeout: 30_000 });
    expect(await output.inputValue()).toBe(nodeHash('sha256', readFileSync(file)));
    expect(await files.getByRole('textbox', { name: /hash$/ }).count()).toBe(1);
    await page.context().close();
  });

  it('checks several files against a pasted SHA256SUMS list and copies a list sha256sum -c accepts', async () => {
    const good = tempFile('release.iso', 3);
    const other = tempFile('notes.bin', 1);
    const tampered = tempFile('tampered.bin', 1);
    const sums = [
      `${nodeHash('sha256', readFileSync(good))}  dist/release.iso`,
      `${nodeHash('sha256', readFileSync(other))} *notes.bin`,
      `${'0'.repeat(64)}  tampered.bin`,
    ].join('\n');
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/hash-generator');
    const files = card(page, 'File');
    await files.getByLabel('Expected hash or checksum list (optional)').fill(sums);
    // No algorithm chosen yet: a 64-digit list means SHA-256.
    expect(await card(page, 'Text').getByRole('combobox', { name: 'Algorithm' }).inputValue()).toBe('sha256');
    await files.getByLabel(DROP_ZONE).setInputFiles([good, other, tampered]);
    await files.getByRole('status').filter({ hasText: 'Hashed 3 of 3 files.' }).waitFor({ timeout: 30_000 });
    await files.getByText('Match: the SHA-256 of release.iso is the expected hash.').waitFor();
    await files.getByText('Match: the SHA-256 of notes.bin is the expected hash.').waitFor();
    await files.getByText('No match: tampered.bin does not have the expected hash.').waitFor();
    await expectAccessible(page, '/hash-generator (checked files)');
    await files.getByRole('button', { name: 'Copy SHA-256 list' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      [good, other, tampered]
        .map((file) => `${nodeHash('sha256', readFileSync(file))}  ${path.basename(file)}\n`)
        .join(''),
    );
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('gives the RFC 4231 HMAC-SHA-256 and BLAKE3 vectors, and refuses text that is not valid Unicode', async () => {
    const page = await newPage();
    await page.goto('/hash-generator');
    const text = card(page, 'Text');
    await text.getByLabel('Input Text').fill('what do ya want for nothing?');
    await text.getByRole('checkbox', { name: 'HMAC with a secret key' }).check();
    await text.getByLabel('HMAC key').fill('4a656665');
    await text.getByLabel('Key format').selectOption('hex');
    await text.getByRole('combobox', { name: 'Algorithm' }).selectOption('sha256');
    await text.getByRole('button', { name: 'Generate Hash' }).click();
    const hmac = text.getByRole('textbox', { name: 'HMAC-SHA-256' });
    await hmac.waitFor();
    expect(await hmac.inputValue()).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');

    await text.getByRole('checkbox', { name: 'HMAC with a secret key' }).uncheck();
    await text.getByLabel('Input Text').fill('abc');
    await text.getByRole('combobox', { name: 'Algorithm' }).selectOption('blake3');
    await text
      .getByLabel('Expected hash (optional)')
      .fill('6437B3AC38465133FFB63B75273A8DB548C558465D79DB03FD359C6CD5BD9D85');
    await text.getByRole('button', { name: 'Generate Hash' }).click();
    await text.getByText('Match: the BLAKE3 of the text is the expected hash.').waitFor();

    // A lone surrogate cannot be typed, so it is set the way a paste from a broken source would.
    await text.getByLabel('Input Text').evaluate((element) => {
      const input = element as HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(input, 'a\uD800');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await text.getByRole('button', { name: 'Generate Hash' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to encode text' }).waitFor();
    expect(await text.getByRole('textbox', { name: 'BLAKE3 hash' }).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('cancels a run on a 200 MB file: the worker stops and the zone is idle again', async () => {
    const page = await newPage();
    await page.goto('/hash-generator');
    await card(page, 'Text').getByRole('combobox', { name: 'Algorithm' }).selectOption('sha512');
    const files = card(page, 'File');
    // All four in one pass is the slowest run, so Cancel surely lands before the end.
    await files.getByRole('checkbox', { name: /Compute all four hashes/ }).check();
    // The 200 MB file is made in the page: setInputFiles would send it over the connection to
    // the suite's shared browser (tens of seconds), and only its size matters here.
    await files.getByLabel(DROP_ZONE).evaluate((input: HTMLInputElement) => {
      const chosen = new DataTransfer();
      chosen.items.add(new File([new Uint8Array(200 * 1024 * 1024).fill(7)], 'big-200mb.bin'));
      input.files = chosen.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });

    const bar = files.getByRole('progressbar', { name: 'Hashing progress' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/^\d+% — \d+\.\d MB of 200\.0 MB$/);
    expect(await files.getByLabel(DROP_ZONE).isDisabled()).toBe(true);
    expect(page.workers().length).toBe(1);

    // Cancel mid-run, once some megabytes have been hashed.
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await files.getByRole('button', { name: 'Cancel' }).click();
    await files
      .getByRole('status')
      .filter({ hasText: 'Hashing cancelled. No hash was computed for big-200mb.bin.' })
      .waitFor();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Hashing cancelled' }).waitFor();
    expect(await bar.count()).toBe(0);
    expect(await files.getByRole('textbox', { name: /hash$/ }).count()).toBe(0);
    expect(await files.getByLabel(DROP_ZONE).isEnabled()).toBe(true);
    // The worker was terminated; Chromium reports its end once the thread has stopped.
    await expect.poll(() => page.workers().length, { timeout: 15_000 }).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('password generator', () => {
  const classes = {
    uppercase: /[A-Z]/,
    lowercase: /[a-z]/,
    numbers: /[0-9]/,
    symbols: /[!@#$%^&*()_+\-=[\]{}|;:,.<>?]/,
  };

  it('generates a Strong 12-character password by default, copies it, and reads Weak at length 6', async () => {
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/password-generator');
    const slider = page.getByRole('slider', { name: /Password Length/ });
    await slider.waitFor();
    expect(await slider.inputValue()).toBe('12');
    await page.getByRole('button', { name: 'Generate Password' }).click();

    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.waitFor();
    const value = await password.inputValue();
    expect(value).toHaveLength(12);
    for (const [name, pattern] of Object.entries(classes)) expect(value, name).toMatch(pattern);
    expect(value).toMatch(/^[A-Za-z0-9!@#$%^&*()_+\-=[\]{}|;:,.<>?]{12}$/);
    expect(await page.getByText('Strong', { exact: true }).count()).toBe(1);
    expect(await page.getByText('77.5 bits', { exact: true }).count()).toBe(1);

    await expectAccessible(page, '/password-generator (generated)');
    await page.getByRole('button', { name: 'Copy' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Copied!' })
      .filter({ hasText: 'Password copied to clipboard' })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);

    // By keyboard: Home → 4, two steps right → 6.
    await slider.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).toBe('6');
    await page.getByText('Password Length: 6').waitFor();
    await page.getByRole('button', { name: 'Generate Password' }).click();
    await expect.poll(async () => (await password.inputValue()).length).toBe(6);
    expect(await page.getByText('Weak', { exact: true }).count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('estimates a typed password with zxcvbn-ts and makes an EFF passphrase, loading the dictionaries only here', async () => {
    const page = await newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/password-generator');
    const check = page.getByLabel('Password to check');
    await check.fill('password');
    await page.getByText('0 of 4, Too guessable').waitFor();
    await page.getByText('This is a heavily used password.').waitFor();
    await check.fill('correct-horse-battery-staple');
    await page.getByText('4 of 4, Very unguessable').waitFor();
    expect(requests.every((url) => url.startsWith(new URL(page.url()).origin))).toBe(true);

    await page.getByLabel('Mode').selectOption('passphrase');
    await page.getByLabel('Separator').selectOption('period');
    await page.getByRole('button', { name: 'Generate Passphrase' }).click();
    const phrase = await page.getByLabel('Passphrase', { exact: true }).inputValue();
    expect(phrase.split('.')).toHaveLength(6);
    for (const word of phrase.split('.')) expect(word).toMatch(/^[a-z-]{3,9}$/);
    await page.getByText('77.5 bits', { exact: true }).waitFor();
    await page
      .getByText(/^4 of 4/)
      .first()
      .waitFor();
    await expectAccessible(page, '/password-generator (passphrase and check)');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('generates nothing with every class unticked, and says why', async () => {
    const page = await newPage();
    await page.goto('/password-generator');
    for (const name of ['Uppercase', 'Lowercase', 'Numbers', 'Symbols']) {
      await page.getByRole('checkbox', { name: new RegExp(`^${name}`) }).uncheck();
    }
    const generate = page.getByRole('button', { name: 'Generate Password' });
    expect(await generate.isDisabled()).toBe(true);
    await page.getByText('Select at least one character type to generate a password.').waitFor();
    await generate.click({ force: true });
    expect(await page.getByRole('textbox', { name: 'Password', exact: true }).count()).toBe(0);

    await page.getByRole('checkbox', { name: /^Numbers/ }).check();
    await generate.click();
    expect(await page.getByRole('textbox', { name: 'Password', exact: true }).inputValue()).toMatch(/^[0-9]{12}$/);
    await expectAccessible(page, '/password-generator (numbers only)');
    await page.context().close();
  });
});

describe('dark mode and small screens', () => {
  it('both tools pass axe in dark mode at 360 px with results shown', async () => {
    const page = await newPage({ colorScheme: 'dark', viewport: { width: 360, height: 740 } });
    await page.goto('/hash-generator');
    const text = card(page, 'Text');
    await text.getByLabel('Input Text').fill('abc');
    await text.getByRole('combobox', { name: 'Algorithm' }).selectOption('sha512');
    await text.getByRole('button', { name: 'Generate Hash' }).click();
    await text.getByRole('textbox', { name: 'SHA-512 hash' }).waitFor();
    await expectAccessible(page, '/hash-generator (dark, 360 px)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto('/password-generator');
    await page.getByRole('button', { name: 'Generate Password' }).click();
    await page.getByRole('textbox', { name: 'Password', exact: true }).waitFor();
    await expectAccessible(page, '/password-generator (dark, 360 px)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
