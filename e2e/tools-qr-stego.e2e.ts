/**
 * Image to Base64, QR Code Generator, QR Code Reader and Steganography in
 * Chromium, with real files built by the test (pngjs): the data URL decodes to
 * the uploaded bytes; a generated QR code is downloaded and read back by the
 * reader page; a message hidden in a PNG is downloaded and extracted exactly.
 * No request may leave the app's origin, and the QR decoder's WebAssembly (when
 * it is the decoder that runs) comes from the app itself.
 */
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { generateQr } from '../apps/web/src/tools/qr-generator/qr-generator.service';
import { baseURL, downloadFrom, expectAccessible, newPage, pageErrors } from './support';

type Rgba = readonly [number, number, number, number];

/** A PNG whose pixel (x, y) is `pixel(x, y)`. */
function png(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) image.data.set(pixel(x, y), (y * width + x) * 4);
  }
  return PNG.sync.write(image);
}

/** Photo-like noise from a fixed LCG, so every run uses the same pixels. */
function noisy(width: number, height: number, alpha: (x: number, y: number) => number = () => 255): Buffer {
  let seed = 2024;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 24;
  };
  return png(width, height, (x, y) => [next(), (x * 7 + next()) & 255, (y * 5 + next()) & 255, alpha(x, y)]);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const downloadButton = (page: Page, button: string) =>
  downloadFrom(page.getByRole('button', { name: button, exact: true }));

/** Every URL the page and its workers request; only the app's origin, blob: and data: are allowed. */
function watchRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('worker', (worker) => urls.push(worker.url()));
  return {
    urls,
    foreign: () => urls.filter((url) => !url.startsWith(`${baseURL}/`) && !/^(blob|data):/.test(url)),
  };
}

async function open(path: string, options: Parameters<typeof newPage>[0] = {}) {
  const page = await newPage(options);
  const requests = watchRequests(page);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { page, requests };
}

async function close(page: Page, foreign: () => string[]) {
  expect(foreign()).toEqual([]);
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

describe('Image to Base64', () => {
  it('converts an uploaded PNG to a data URL of exactly its bytes, with sizes, preview and .txt download', async () => {
    const { page, requests } = await open('/image-to-base64');
    const convert = page.getByRole('button', { name: 'Convert to Base64' });
    expect(await convert.isDisabled()).toBe(true);
    const file = noisy(24, 16);
    await page.getByLabel('Upload image').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: file });
    await page.getByText('tiny.png', { exact: true }).waitFor();
    await convert.click();

    const output = page.getByLabel('Base64 data URL');
    await output.waitFor();
    const dataUrl = await output.inputValue();
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const payload = dataUrl.slice('data:image/png;base64,'.length);
    expect(Buffer.from(payload, 'base64').equals(file)).toBe(true);

    const sizes = page.locator('dl');
    await expect.poll(() => sizes.textContent()).toContain('Original size0.00 MB');
    expect(await sizes.textContent()).toContain('Base64 size0.00 MB');
    expect(await sizes.textContent()).toContain(`${dataUrl.length.toLocaleString('en-US')} characters`);
    const preview = page.getByRole('img', { name: 'Preview of tiny.png rendered from its data URL' });
    expect(await preview.getAttribute('src')).toBe(dataUrl);
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(24);

    const text = await downloadButton(page, 'Download .txt');
    expect(text.name).toBe('tiny_base64.txt');
    expect(text.bytes.toString('utf8')).toBe(dataUrl);
    await toast(page, 'File downloaded successfully!');
    await expectAccessible(page, '/image-to-base64 with output');
    await close(page, requests.foreign);
  });
});

describe('QR Code Generator → QR Code Reader', () => {
  const TEXT = 'https://example.com/toolvault?x=1';

  it('generates a standard QR code, downloads PNG and SVG, and the reader decodes the PNG back', async () => {
    const { page, requests } = await open('/qr-generator');
    expect(await page.getByLabel('Size (pixels)').inputValue()).toBe('200');
    expect(await page.getByLabel('Error correction').inputValue()).toBe('M');

    await page.getByLabel('Text or URL').fill('   ');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await toast(page, 'Please enter text or URL to generate QR code');
    expect(await page.getByRole('heading', { name: 'Your QR code' }).count()).toBe(0);

    await page.getByLabel('Size (pixels)').fill('900');
    await page.getByLabel('Text or URL').fill(TEXT);
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await toast(page, 'QR Code generated successfully!');
    expect(await page.getByLabel('Size (pixels)').inputValue()).toBe('500');
    await page.getByText('Size must be between 100 and 500 pixels; using 500.').waitFor();

    await page.getByLabel('Size (pixels)').fill('200');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText('200 × 200 px', { exact: true }).waitFor();
    const preview = page.getByRole('img', { name: `QR code for: ${TEXT}` });
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(200);

    const pngFile = await downloadButton(page, 'Download PNG');
    await toast(page, 'QR Code downloaded successfully!');
    expect(pngFile.name).toBe('qrcode.png');
    expect(pngFile.bytes.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    const decoded = PNG.sync.read(pngFile.bytes);
    expect([decoded.width, decoded.height]).toEqual([200, 200]);

    const svgFile = await downloadButton(page, 'Download SVG');
    expect(svgFile.name).toBe('qrcode.svg');
    const svg = svgFile.bytes.toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="200" height="200" viewBox="0 0 37 37"/);
    await expectAccessible(page, '/qr-generator with a code');
    await close(page, requests.foreign);

    // The downloaded PNG, read by the reader page.
    const reader = await open('/qr-reader');
    const scan = reader.page.getByRole('button', { name: 'Scan QR Code' });
    expect(await scan.isDisabled()).toBe(true);
    await reader.page
      .getByLabel('Upload an image with a QR code')
      .setInputFiles({ name: 'qrcode.png', mimeType: 'image/png', buffer: pngFile.bytes });
    await reader.page.getByRole('img', { name: 'Original: qrcode.png' }).waitFor();
    await expectAccessible(reader.page, '/qr-reader with a preview');
    await scan.click();
    await reader.page.getByRole('heading', { level: 2, name: 'Scan Result Type: URL' }).waitFor();
    expect(await reader.page.getByLabel('Decoded text').inputValue()).toBe(TEXT);
    const link = reader.page.getByRole('link', { name: 'Open in new tab' });
    expect(await link.getAttribute('href')).toBe(TEXT);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await reader.page.getByRole('button', { name: 'Copy' }).waitFor();

    const decoderLine = (await reader.page.getByText(/^Decoded with /).textContent()) ?? '';
    console.info(`[qr-reader] ${decoderLine}`);
    const wasm = reader.requests.urls.filter((url) => url.endsWith('.wasm'));
    if (decoderLine.includes('ZXing')) {
      expect(wasm.length).toBeGreaterThan(0);
      for (const url of wasm) expect(url.startsWith(`${baseURL}/assets/`)).toBe(true);
    } else {
      expect(decoderLine).toContain('built-in barcode detector');
    }
    await expectAccessible(reader.page, '/qr-reader with a result');

    // An image without a code, then a file that is not an image at all.
    await reader.page
      .getByLabel('Upload an image with a QR code')
      .setInputFiles({ name: 'plain.png', mimeType: 'image/png', buffer: noisy(120, 90) });
    await reader.page.getByRole('img', { name: 'Original: plain.png' }).waitFor();
    await scan.click();
    await reader.page.getByRole('heading', { level: 2, name: 'Scan Failed' }).waitFor();
    expect(await reader.page.getByRole('heading', { name: /Scan Result/ }).count()).toBe(0);
    await expectAccessible(reader.page, '/qr-reader scan failed');

    await reader.page
      .getByLabel('Upload an image with a QR code')
      .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await reader.page.getByText('broken.png', { exact: true }).waitFor();
    await scan.click();
    await toast(reader.page, 'Failed to load image');
    await close(reader.page, reader.requests.foreign);
  });

  it('badges a WiFi code and explains it', async () => {
    const { page, requests } = await open('/qr-generator');
    await page.getByLabel('Text or URL').fill('WIFI:S:Lab Net;T:WPA;P:secret;;');
    await page.getByLabel('Error correction').selectOption('H');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await toast(page, 'QR Code generated successfully!');
    await page.locator('dd', { hasText: 'H — High (about 30%)' }).waitFor();
    const pngFile = await downloadButton(page, 'Download PNG');
    await page.context().close();

    const reader = await open('/qr-reader', { colorScheme: 'dark' });
    await reader.page
      .getByLabel('Upload an image with a QR code')
      .setInputFiles({ name: 'wifi.png', mimeType: 'image/png', buffer: pngFile.bytes });
    await reader.page.getByRole('button', { name: 'Scan QR Code' }).click();
    await reader.page.getByRole('heading', { level: 2, name: 'Scan Result Type: WiFi' }).waitFor();
    expect(await reader.page.getByRole('link', { name: 'Open in new tab' }).count()).toBe(0);
    const details = reader.page.locator('dl');
    expect(await details.textContent()).toContain('Network (SSID)Lab Net');
    expect(await details.textContent()).toContain('SecurityWPA');
    await expectAccessible(reader.page, '/qr-reader WiFi result, dark');
    expect(requests.foreign()).toEqual([]);
    await close(reader.page, reader.requests.foreign);
  });
});

describe('QR Code Reader gives the exact characters', () => {
  it.each<[string, string, string]>([
    ['ESC', 'a\u001bb', 'ESC (U+001B)'],
    ['GS1 separators', '\u001d0109501101530003\u001d10ABC123', 'GS (U+001D) ×2'],
    ['tab and CRLF next to ESC', '\u001b[1m\tcol\r\nnext', 'ESC (U+001B), TAB (U+0009), CR (U+000D)'],
  ])('%s: Copy is exact, the invisible characters are pointed out', async (_label, text, listed) => {
    const { page, requests } = await open('/qr-reader', { permissions: ['clipboard-read', 'clipboard-write'] });
    // The generator's service: the qrcode package, drawn as the page's Download PNG is.
    const generated = await generateQr({ text, size: 300, level: 'M' });
    if (!generated.ok) throw new Error(generated.error);
    const code = Buffer.from(generated.value.png);
    await page
      .getByLabel('Upload an image with a QR code')
      .setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: code });
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    await page.getByRole('heading', { level: 2, name: /^Scan Result/ }).waitFor();
    // A text box keeps every character except that it stores CR LF as LF (HTML's newline normalisation).
    expect(await page.getByLabel('Decoded text').inputValue()).toBe(text.replace(/\r\n/g, '\n'));
    await page.getByText(`characters a text box does not show: ${listed}.`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Output copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    expect(await page.getByText(/<ESC>|<GS>|<HT>|<CR>|<LF>/).count()).toBe(0);
    await close(page, requests.foreign);
  });
});

describe('Steganography', () => {
  const MESSAGE = 'Meet at dawn 🌅\nBring the 🔑 — and the map.\n\tÜbermorgen: 東京';

  it('hides an emoji multi-line message, downloads the PNG, and extracts exactly that message', async () => {
    const { page, requests } = await open('/steganography');
    const hideTab = page.getByRole('tab', { name: 'Hide Message' });
    expect(await hideTab.getAttribute('aria-selected')).toBe('true');
    await page.getByText(/real least-significant-bit \(LSB\) steganography/).waitFor();

    await page.getByRole('button', { name: 'Hide Message', exact: true }).click();
    await toast(page, 'Please select an image and enter a message');

    // A carrier whose top rows are translucent: those pixels carry nothing and keep their alpha.
    const carrier = noisy(64, 48, (_x, y) => (y < 4 ? 128 : 255));
    await page
      .getByLabel('Choose the cover image')
      .setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: carrier });
    // ⌊3 × 64 × 44 / 8⌋ − 8 header bytes
    await page.getByText('64 × 48 px · capacity 1,048 bytes').waitFor();

    const message = page.getByLabel('Secret message');
    await message.fill('x'.repeat(1049));
    await page
      .getByText('The message is 1,049 bytes, but this image can hold at most 1,048 bytes.', { exact: false })
      .waitFor();
    expect(await message.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Hide Message', exact: true }).click();
    await toast(page, 'The message is 1,049 bytes');

    await message.fill(MESSAGE);
    const bytes = Buffer.byteLength(MESSAGE, 'utf8');
    await page.getByText(`${bytes} bytes (UTF-8) of 1,048 available`).waitFor();
    await page.getByRole('button', { name: 'Hide Message', exact: true }).click();
    await toast(page, 'Success: Message hidden in image successfully');
    await page.getByText(`${bytes} of 1,048 bytes used`).waitFor();
    await expectAccessible(page, '/steganography hidden');

    const stego = await downloadButton(page, 'Download PNG');
    expect(stego.name).toBe('stego_holiday.png');
    expect(stego.bytes.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    const written = PNG.sync.read(stego.bytes);
    const original = PNG.sync.read(carrier);
    expect([written.width, written.height]).toEqual([64, 48]);
    // Alpha is never written; opaque colours move by at most 1 (translucent rows may differ by the
    // canvas's premultiplied rounding, which is why they carry nothing).
    const translucentBytes = 64 * 4 * 4;
    let changed = 0;
    for (let i = 0; i < original.data.length; i++) {
      const delta = Math.abs(written.data[i]! - original.data[i]!);
      if (i % 4 === 3) expect(delta).toBe(0);
      else if (i >= translucentBytes) {
        expect(delta).toBeLessThanOrEqual(1);
        changed += delta;
      }
    }
    expect(changed).toBeGreaterThan(0);

    // Keyboard: the arrow key moves to and selects the Extract tab.
    await hideTab.focus();
    await page.keyboard.press('ArrowRight');
    const extractTab = page.getByRole('tab', { name: 'Extract Message' });
    expect(await extractTab.getAttribute('aria-selected')).toBe('true');
    expect(await extractTab.evaluate((tab) => tab === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Extract Message', exact: true }).click();
    await toast(page, 'Please select an image file');

    const extractUpload = page.getByLabel('Choose the image that holds the message');
    await extractUpload.setInputFiles({ name: 'stego_holiday.png', mimeType: 'image/png', buffer: stego.bytes });
    await page.getByRole('button', { name: 'Extract Message', exact: true }).click();
    await toast(page, 'Message extracted from image');
    expect(await page.getByLabel('Hidden message').inputValue()).toBe(MESSAGE);
    await expectAccessible(page, '/steganography extracted');

    await extractUpload.setInputFiles({ name: 'plain.png', mimeType: 'image/png', buffer: carrier });
    await page.getByRole('button', { name: 'Extract Message', exact: true }).click();
    await page.getByRole('heading', { name: 'No hidden message found' }).waitFor();
    expect(await page.getByLabel('Hidden message').count()).toBe(0);
    await expectAccessible(page, '/steganography nothing found');

    // Back to Hide with the other arrow: the hidden image is still there.
    await extractTab.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await hideTab.getAttribute('aria-selected')).toBe('true');
    await page.getByText(`${bytes} of 1,048 bytes used`).waitFor();
    await close(page, requests.foreign);
  });
});

describe('dark mode', () => {
  it.each(['/image-to-base64', '/qr-generator', '/qr-reader', '/steganography'])(
    '%s has no axe violations in dark mode',
    async (path) => {
      const { page, requests } = await open(path, { colorScheme: 'dark' });
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await expectAccessible(page, `${path} dark`);
      await close(page, requests.foreign);
    },
  );
});
