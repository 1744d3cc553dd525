import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, pageErrors } from './support';

const output = (page: Page) => page.getByLabel('Output', { exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function close(page: Page) {
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
}

describe('Base64 Encoder/Decoder', () => {
  it('round-trips an emoji string and toasts on invalid Base64', async () => {
    const page = await newPage();
    await page.goto('/base64');
    const input = page.getByLabel('Text or Base64');
    const encode = page.getByRole('button', { name: 'Encode', exact: true });
    const decode = page.getByRole('button', { name: 'Decode', exact: true });
    expect(await encode.isDisabled()).toBe(true);
    expect(await decode.isDisabled()).toBe(true);

    const text = 'Grüße 👋🏽 日本語 😀';
    await input.fill(text);
    await encode.click();
    expect(await output(page).inputValue()).toBe(Buffer.from(text, 'utf8').toString('base64'));
    await page.getByRole('button', { name: 'Copy' }).waitFor();

    await input.fill(await output(page).inputValue());
    await decode.click();
    expect(await output(page).inputValue()).toBe(text);
    await expectAccessible(page, '/base64 with output');

    await input.fill('Zm9v=');
    await decode.click();
    await toast(page, 'Invalid Base64 string');
    expect(await output(page).count()).toBe(0);
    await close(page);
  });
});

describe('URL Encoder/Decoder', () => {
  it('encodes, decodes and toasts on malformed percent sequences', async () => {
    const page = await newPage();
    await page.goto('/url-encoder');
    const input = page.getByLabel('Text or encoded URL');
    expect(await page.getByRole('button', { name: 'URL Encode', exact: true }).isDisabled()).toBe(true);

    const text = 'https://example.com/a b?q=café&x=1+1#😀';
    await input.fill(text);
    await page.getByRole('button', { name: 'URL Encode', exact: true }).click();
    expect(await output(page).inputValue()).toBe(encodeURIComponent(text));

    await input.fill(encodeURIComponent(text));
    await page.getByRole('button', { name: 'URL Decode', exact: true }).click();
    expect(await output(page).inputValue()).toBe(text);
    await expectAccessible(page, '/url-encoder with output');

    await input.fill('%E0%A4%A');
    await page.getByRole('button', { name: 'URL Decode', exact: true }).click();
    await toast(page, 'Invalid URL encoding');
    await close(page);
  });
});

describe('Text Encryptor', () => {
  it('Caesar and Vigenère encrypt, then decrypt back; Vigenère without a key toasts', async () => {
    const page = await newPage();
    await page.goto('/text-encryptor');
    const input = page.getByLabel('Text', { exact: true });
    const encrypt = page.getByRole('button', { name: 'Encrypt', exact: true });
    const decrypt = page.getByRole('button', { name: 'Decrypt', exact: true });
    expect(await encrypt.isDisabled()).toBe(true);

    await input.fill('Hello, World!');
    await page.getByLabel('Shift').fill('3');
    await encrypt.click();
    expect(await output(page).inputValue()).toBe('Khoor, Zruog!');
    await input.fill(await output(page).inputValue());
    await decrypt.click();
    expect(await output(page).inputValue()).toBe('Hello, World!');

    await page.getByLabel('Algorithm').selectOption('vigenere');
    expect(await page.getByLabel('Shift').count()).toBe(0);
    await input.fill('Attack at dawn!');
    await encrypt.click();
    await toast(page, 'Vigenère cipher requires a key');

    await page.getByLabel('Key', { exact: true }).fill('LEMON');
    await encrypt.click();
    expect(await output(page).inputValue()).toBe('Lxfopv ef rnhr!');
    await input.fill('Lxfopv ef rnhr!');
    await decrypt.click();
    expect(await output(page).inputValue()).toBe('Attack at dawn!');
    await expectAccessible(page, '/text-encryptor with output');

    await page.getByLabel('Algorithm').selectOption('reverse');
    await input.fill('ab👨‍👩‍👧');
    await encrypt.click();
    expect(await output(page).inputValue()).toBe('👨‍👩‍👧ba');
    await close(page);
  });
});

describe('Text Encryptor: real encryption and cipher breaking', () => {
  it('AES-256-GCM encrypts, decrypts with the passphrase, and refuses a wrong one and a damaged message', async () => {
    const page = await newPage();
    await page.goto('/text-encryptor');
    const input = page.getByLabel('Text', { exact: true });
    await page.getByLabel('Algorithm').selectOption('aes-gcm');
    await page.getByLabel('Passphrase').fill('correct horse battery staple');
    await input.fill('Meet me at the old mill at 6 ☕');
    await page.getByRole('button', { name: 'Encrypt', exact: true }).click();
    await expect.poll(() => output(page).count()).toBe(1);
    const sealed = await output(page).inputValue();
    // Version 1, PBKDF2-SHA-256, 600,000 iterations, 16-byte salt, 12-byte IV, then the ciphertext.
    const bytes = Buffer.from(sealed, 'base64');
    expect([bytes[0], bytes[1], bytes.readUInt32BE(2), bytes[6], bytes[23]]).toEqual([1, 1, 600_000, 16, 12]);

    await input.fill(sealed);
    await page.getByRole('button', { name: 'Decrypt', exact: true }).click();
    await expect.poll(() => output(page).inputValue()).toBe('Meet me at the old mill at 6 ☕');

    await page.getByLabel('Passphrase').fill('correct horse battery stapler');
    await page.getByRole('button', { name: 'Decrypt', exact: true }).click();
    await toast(page, 'Wrong passphrase, or the message was changed after it was encrypted');
    expect(await output(page).count()).toBe(0);

    await input.fill(sealed.slice(0, 30));
    await page.getByRole('button', { name: 'Decrypt', exact: true }).click();
    await toast(
      page,
      'This is not an AES-256-GCM message from this tool: it is damaged, incomplete or in another format',
    );
    await close(page);
  });

  it('Vigenère "Find the key" recovers the key of an English text; Caesar ranks all shifts', async () => {
    const plain =
      'Call me Ishmael. Some years ago, never mind how long precisely, having little or no money in my purse, and nothing particular to interest me on shore, I thought I would sail about a little and see the watery part of the world.';
    const page = await newPage();
    await page.goto('/text-encryptor');
    const input = page.getByLabel('Text', { exact: true });
    await page.getByLabel('Algorithm').selectOption('vigenere');
    await page.getByLabel('Key', { exact: true }).fill('abc123');
    await input.fill(plain);
    await page.getByRole('button', { name: 'Encrypt', exact: true }).click();
    await toast(page, 'The Vigenère key takes letters only (A–Z)');

    await page.getByLabel('Key', { exact: true }).fill('HARPOON');
    await page.getByRole('button', { name: 'Encrypt', exact: true }).click();
    const cipher = await output(page).inputValue();
    await page.getByLabel('Key', { exact: true }).fill('');
    await input.fill(cipher);
    await page.getByRole('button', { name: 'Find the key' }).click();
    await page.getByText('Most likely key: HARPOON (7 letters)').waitFor();
    expect(await page.getByLabel('Best decryption').inputValue()).toBe(plain);
    await expectAccessible(page, '/text-encryptor (key found)');

    await page.getByLabel('Algorithm').selectOption('caesar');
    await input.fill('Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj');
    await page.getByRole('button', { name: 'Try all shifts' }).click();
    expect(await page.getByLabel('Best decryption').inputValue()).toBe('The quick brown fox jumps over the lazy dog');
    expect(await page.getByRole('list', { name: 'All shifts, best first' }).getByRole('listitem').count()).toBe(26);
    await close(page);
  });
});

describe('IP Lookup', () => {
  it('looks up 8.8.8.8 in the offline database', async () => {
    const page = await newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/ip-lookup');
    expect(await page.getByRole('button', { name: 'Lookup', exact: true }).isDisabled()).toBe(true);

    await page.getByLabel('IP Address').fill('8.8.8.8');
    await page.getByRole('button', { name: 'Lookup', exact: true }).click();
    await page.getByRole('heading', { name: 'Lookup Results' }).waitFor();
    const value = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    expect(await value('Country').textContent()).toBe('United States (US)');
    expect(await value('IP Address').textContent()).toBe('8.8.8.8');
    expect(await value('Organization').textContent()).toBe('Google LLC');
    expect(await value('Coordinates').textContent()).toMatch(/^-?\d+\.\d{4}, -?\d+\.\d{4}$/);
    expect(await page.locator('dt').allTextContents()).toEqual([
      'IP Address',
      'Country',
      'Region',
      'City',
      'ISP',
      'Organization',
      'Timezone',
      'Coordinates',
    ]);
    await expectAccessible(page, '/ip-lookup with results');
    // Every request stayed on the product's own origin (docs/decisions/0007-privacy.md).
    const origin = new URL(page.url()).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    await close(page);
  });

  it('shows an error for an invalid address without calling the API', async () => {
    const page = await newPage();
    let called = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/ip/')) called = true;
    });
    await page.goto('/ip-lookup');
    await page.getByLabel('IP Address').fill('999.1.1.1');
    await page.getByRole('button', { name: 'Lookup', exact: true }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Invalid IP address' }).textContent()).toContain(
      'Enter an IPv4 address',
    );
    expect(await page.getByLabel('IP Address').getAttribute('aria-invalid')).toBe('true');
    expect(called).toBe(false);
    await expectAccessible(page, '/ip-lookup with an error');
    await close(page);
  });

  it('My IP looks up the visitor: from this machine that is loopback', async () => {
    const page = await newPage();
    await page.goto('/ip-lookup');
    await page.getByRole('button', { name: 'My IP', exact: true }).click();
    const note = page.getByRole('note').filter({ hasText: 'loopback' });
    await note.waitFor();
    expect(await note.textContent()).toMatch(/is a loopback address \(this device\)/);
    expect(['127.0.0.1', '::1']).toContain(await page.getByLabel('IP Address').inputValue());
    await expectAccessible(page, '/ip-lookup with a reserved-range note');
    await close(page);
  });
});
