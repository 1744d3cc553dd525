/**
 * Image Rotator, Image to Grayscale, Image Compressor, Image Resizer and
 * Image Format Converter in Chromium, with real files built by the test
 * (pngjs, jpeg-js): each main flow through upload, run and download, and the
 * downloaded file itself checked — name, magic bytes, dimensions, pixels.
 * No request may leave the app's origin.
 */
import jpeg from 'jpeg-js';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { inspect, photoJpeg, png, type Rgba } from './image-fixtures';
import { baseURL, downloadFrom, expectAccessible, newPage, pageErrors } from './support';

/** Inserts an EXIF APP1 segment with the given orientation tag right after a JPEG's SOI marker. */
function withExifOrientation(jpegBytes: Buffer, orientation: number): Buffer {
  const payload = Buffer.from([
    ...Buffer.from('Exif\0\0', 'binary'),
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // big-endian TIFF header, IFD at 8
    ...[0x00, 0x01], // one entry
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00], // Orientation, SHORT
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ]);
  const length = payload.length + 2;
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]), payload]);
  return Buffer.concat([jpegBytes.subarray(0, 2), segment, jpegBytes.subarray(2)]);
}

function pngPixel(bytes: Buffer, x: number, y: number): number[] {
  const image = PNG.sync.read(bytes);
  const i = (y * image.width + x) * 4;
  return [...image.data.subarray(i, i + 4)];
}

function jpegPixel(bytes: Buffer, x: number, y: number): number[] {
  const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  const i = (y * image.width + x) * 4;
  return [...image.data.subarray(i, i + 4)];
}

/** Every URL the page requests; only the app's origin, blob: and data: are allowed. */
function watchRequests(page: Page): () => string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('worker', (worker) => urls.push(worker.url()));
  return () => urls.filter((url) => !url.startsWith(`${baseURL}/`) && !/^(blob|data):/.test(url));
}

async function open(path: string, options: Parameters<typeof newPage>[0] = {}) {
  const page = await newPage(options);
  const foreign = watchRequests(page);
  // Console messages about the Content Security Policy, from the page or its workers.
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto(path);
  await page.getByRole('heading', { level: 2, name: 'Upload Image' }).waitFor();
  return { page, foreign, blocked };
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel('Upload image').setInputFiles({ name, mimeType, buffer });
  await page.getByText(name, { exact: true }).waitFor();
}

async function downloadResult(page: Page, button = 'Download') {
  const resultCard = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Result', exact: true }) });
  return downloadFrom(resultCard.getByRole('button', { name: button, exact: true }));
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const result = (page: Page) => page.getByRole('heading', { level: 2, name: 'Result', exact: true });

/** 40 × 20, red top-left pixel on blue, so a turn shows where the corner went. */
const marked = () => png(40, 20, (x, y) => (x === 0 && y === 0 ? [255, 0, 0, 255] : [0, 0, 255, 255]));

describe('image rotator', () => {
  it('rotates 90° clockwise (width and height swap) and 45° (bounds enlarged), as PNG named rotated_', async () => {
    const { page, foreign } = await open('/image-rotator');
    const angle = page.getByLabel('Rotation angle (degrees)');
    expect(await angle.inputValue()).toBe('90');
    const rotate = page.getByRole('button', { name: 'Rotate Image' });
    expect(await rotate.isDisabled()).toBe(true);
    await upload(page, 'marked.png', 'image/png', marked());

    await rotate.click();
    await toast(page, 'Image rotated successfully!').waitFor();
    await result(page).waitFor();
    await expectAccessible(page, '/image-rotator (result)');
    const quarter = await downloadResult(page);
    await toast(page, 'Image downloaded successfully!').waitFor();
    expect(quarter.name).toBe('rotated_marked.png');
    expect(inspect(quarter.bytes)).toEqual({ format: 'png', width: 20, height: 40 });
    // Clockwise: the top-left corner moves to the top-right, exactly (no resampling at 90°).
    expect(pngPixel(quarter.bytes, 19, 0)).toEqual([255, 0, 0, 255]);
    expect(pngPixel(quarter.bytes, 0, 0)).toEqual([0, 0, 255, 255]);

    await angle.fill('45');
    await rotate.click();
    await page.getByText('Rotated by 45°: 42 × 42 px PNG ready to download.').waitFor();
    const diagonal = await downloadResult(page);
    // |40 cos 45°| + |20 sin 45°| = 42.4 → 42 both ways; the corners outside the image are transparent.
    expect(inspect(diagonal.bytes)).toEqual({ format: 'png', width: 42, height: 42 });
    expect(pngPixel(diagonal.bytes, 0, 0)[3]).toBe(0);

    await angle.fill('400');
    expect(await page.getByText('Enter an angle between -360 and 360 degrees').count()).toBe(1);
    expect(await rotate.isDisabled()).toBe(true);
    expect(await angle.getAttribute('aria-invalid')).toBe('true');

    expect(foreign()).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('cancels a long run: the worker stops and no result is shown', async () => {
    const { page, foreign } = await open('/image-rotator');
    await upload(page, 'big.jpg', 'image/jpeg', photoJpeg(4000, 3000, 80));
    await page.getByLabel('Rotation angle (degrees)').fill('33');
    await page.getByRole('button', { name: 'Rotate Image' }).click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('status').filter({ hasText: 'Image processing cancelled.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Rotate Image' }).isEnabled()).toBe(true);
    expect(await result(page).count()).toBe(0);
    expect(foreign()).toEqual([]);
    await page.context().close();
  });
});

/** Known pixels: red, green, blue, white, black, mid grey, and a half-transparent white. */
const SWATCHES: { colour: Rgba; grey: number }[] = [
  { colour: [255, 0, 0, 255], grey: 76 },
  { colour: [0, 255, 0, 255], grey: 150 },
  { colour: [0, 0, 255, 255], grey: 29 },
  { colour: [255, 255, 255, 255], grey: 255 },
  { colour: [0, 0, 0, 255], grey: 0 },
  { colour: [128, 128, 128, 255], grey: 128 },
  { colour: [255, 255, 255, 128], grey: 255 },
];
const swatches = () => png(SWATCHES.length, 1, (x) => SWATCHES[x]!.colour);

describe('image to grayscale', () => {
  it('turns known colours into their 0.299/0.587/0.114 luma, alpha kept, as PNG named grayscale_', async () => {
    const { page, foreign } = await open('/image-grayscale');
    await upload(page, 'swatches.png', 'image/png', swatches());
    await page.getByRole('button', { name: 'Convert to Grayscale' }).click();
    await toast(page, 'Image converted to grayscale successfully!').waitFor();
    await result(page).waitFor();
    await expectAccessible(page, '/image-grayscale (result)');
    const file = await downloadResult(page);
    expect(file.name).toBe('grayscale_swatches.png');
    expect(inspect(file.bytes)).toEqual({ format: 'png', width: SWATCHES.length, height: 1 });
    SWATCHES.forEach(({ colour, grey }, x) => {
      expect(pngPixel(file.bytes, x, 0), `pixel ${colour.join(',')}`).toEqual([grey, grey, grey, colour[3]]);
    });
    expect(foreign()).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('respects EXIF orientation: a 40 × 20 JPEG tagged "rotate 90°" comes out 20 × 40', async () => {
    const { page } = await open('/image-grayscale');
    await upload(page, 'tagged.jpg', 'image/jpeg', withExifOrientation(photoJpeg(40, 20), 6));
    await page.getByRole('button', { name: 'Convert to Grayscale' }).click();
    await result(page).waitFor();
    const file = await downloadResult(page);
    expect(inspect(file.bytes)).toEqual({ format: 'png', width: 20, height: 40 });
    await page.context().close();
  });

  it('runs on the main thread, with the same pixels, where workers cannot draw', async () => {
    const page = await newPage();
    const foreign = watchRequests(page);
    await page.addInitScript(() => {
      // A browser without OffscreenCanvas (older Safari): the tool falls back to a <canvas>.
      delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto('/image-grayscale');
    await upload(page, 'swatches.png', 'image/png', swatches());
    await page.getByRole('button', { name: 'Convert to Grayscale' }).click();
    await result(page).waitFor();
    const file = await downloadResult(page);
    SWATCHES.forEach(({ colour, grey }, x) => {
      expect(pngPixel(file.bytes, x, 0)).toEqual([grey, grey, grey, colour[3]]);
    });
    expect(workers).toEqual([]);
    expect(foreign()).toEqual([]);
    await page.context().close();
  });

  it('refuses a non-image file and reports an undecodable image', async () => {
    const { page, foreign } = await open('/image-grayscale');
    await page
      .getByLabel('Upload image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toast(page, 'Please select a valid image file').waitFor();
    expect(await page.getByText('notes.txt').count()).toBe(0);

    await upload(page, 'broken.png', 'image/png', Buffer.from('this is not a PNG at all'));
    await page.getByRole('button', { name: 'Convert to Grayscale' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to load image' }).waitFor();
    await toast(page, 'Failed to load image').waitFor();
    expect(await result(page).count()).toBe(0);
    expect(foreign()).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('image compressor', () => {
  it('compresses a 4000 × 3000 photo to a 1440 × 1080 JPEG with the default settings', async () => {
    const { page, foreign } = await open('/image-compressor');
    expect(await page.getByRole('slider', { name: 'Quality' }).inputValue()).toBe('80');
    expect(await page.getByRole('slider', { name: 'Max Width' }).inputValue()).toBe('1920');
    expect(await page.getByRole('slider', { name: 'Max Height' }).inputValue()).toBe('1080');
    const original = photoJpeg(4000, 3000, 95);
    await upload(page, 'photo.jpg', 'image/jpeg', original);
    await page.getByRole('button', { name: 'Compress Image' }).click();
    await result(page).waitFor();
    expect(await page.getByText('1440 × 1080 px').count()).toBeGreaterThan(0);
    const reduction = page.locator('dt', { hasText: 'Size reduction' }).locator('xpath=following-sibling::dd');
    expect(await reduction.textContent()).toMatch(/^\d+\.\d%$/);
    expect(await reduction.getAttribute('class')).toContain('text-green-700');
    await expectAccessible(page, '/image-compressor (result)');

    const file = await downloadResult(page, 'Download Compressed Image');
    expect(file.name).toBe('compressed_photo.jpg');
    expect(inspect(file.bytes)).toEqual({ format: 'jpeg', width: 1440, height: 1080 });
    expect(file.bytes.length).toBeLessThan(original.length);
    expect(foreign()).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('never scales a small image up, and flattens transparency onto white', async () => {
    const { page } = await open('/image-compressor');
    // The sliders step by 100 from the off-grid defaults, by keyboard.
    const maxHeight = page.getByRole('slider', { name: 'Max Height' });
    await maxHeight.focus();
    await page.keyboard.press('ArrowUp');
    expect(await maxHeight.inputValue()).toBe('1100');
    await page.keyboard.press('ArrowDown');
    expect(await maxHeight.inputValue()).toBe('1000');
    expect(await maxHeight.getAttribute('aria-valuetext')).toBe('1000px');
    const clear = png(300, 200, (x) => (x < 150 ? [0, 0, 0, 0] : [0, 0, 0, 255]));
    await upload(page, 'clear.png', 'image/png', clear);
    await page.getByRole('button', { name: 'Compress Image' }).click();
    await result(page).waitFor();
    const file = await downloadResult(page, 'Download Compressed Image');
    expect(file.name).toBe('compressed_clear.jpg');
    expect(inspect(file.bytes)).toEqual({ format: 'jpeg', width: 300, height: 200 });
    const [r, g, b] = jpegPixel(file.bytes, 40, 100);
    expect(Math.min(r!, g!, b!)).toBeGreaterThanOrEqual(250);
    expect(Math.max(...jpegPixel(file.bytes, 260, 100).slice(0, 3))).toBeLessThanOrEqual(5);
    await page.context().close();
  });
});

describe('image resizer', () => {
  it('offers Custom and the seven presets, and resizes to exactly Full HD', async () => {
    const { page, foreign, blocked } = await open('/image-resizer');
    const mode = page.getByRole('combobox', { name: 'Resize mode' });
    const options = await mode.locator('option').allTextContents();
    expect(options).toEqual([
      'Custom',
      'HD (1280x720)',
      'Full HD (1920x1080)',
      '4K (3840x2160)',
      'Instagram (1080x1080)',
      'Facebook Cover (851x315)',
      'Twitter Header (1500x500)',
      'LinkedIn Banner (1584x396)',
    ]);
    await upload(page, 'photo.jpg', 'image/jpeg', photoJpeg(1600, 1200));
    await mode.selectOption({ label: 'Full HD (1920x1080)' });
    expect(await page.getByLabel('Width (px)').count()).toBe(0);
    expect(await page.getByLabel('Maintain aspect ratio').count()).toBe(0);
    await page.getByRole('button', { name: 'Resize Image' }).click();
    await result(page).waitFor();
    await expectAccessible(page, '/image-resizer (result)');
    const file = await downloadResult(page);
    expect(file.name).toBe('resized_photo.png');
    expect(inspect(file.bytes)).toEqual({ format: 'png', width: 1920, height: 1080 });
    expect(foreign()).toEqual([]);
    // pica's WebAssembly and the image worker run under the app's CSP without a violation.
    expect(blocked).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('fits a custom box keeping the aspect ratio, or stretches to it exactly', async () => {
    const { page, foreign } = await open('/image-resizer');
    await upload(
      page,
      'wide.png',
      'image/png',
      png(400, 300, (x, y) => [x % 256, y % 256, 128, 255]),
    );
    await page.getByLabel('Width (px)').fill('200');
    await page.getByLabel('Height (px)').fill('200');
    expect(await page.getByLabel('Maintain aspect ratio').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Resize Image' }).click();
    await page.getByText('Resized to 200 × 150 px, PNG ready to download.').waitFor();
    expect(inspect((await downloadResult(page)).bytes)).toEqual({ format: 'png', width: 200, height: 150 });

    await page.getByLabel('Maintain aspect ratio').uncheck();
    await page.getByRole('button', { name: 'Resize Image' }).click();
    await page.getByText('Resized to 200 × 200 px, PNG ready to download.').waitFor();
    expect(inspect((await downloadResult(page)).bytes)).toEqual({ format: 'png', width: 200, height: 200 });

    // Another output format: a real JPEG of the size asked for, named for it.
    await page.getByLabel('Output format').selectOption('jpeg');
    await page.getByRole('button', { name: 'Resize Image' }).click();
    await page.getByText('Resized to 200 × 200 px, JPG ready to download.').waitFor();
    const jpeg = await downloadResult(page);
    expect(jpeg.name).toBe('resized_wide.jpg');
    expect(inspect(jpeg.bytes)).toEqual({ format: 'jpeg', width: 200, height: 200 });

    await page.getByLabel('Width (px)').fill('12.5');
    expect(await page.getByText('Width must be a whole number of pixels').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Resize Image' }).isDisabled()).toBe(true);
    expect(foreign()).toEqual([]);
    await page.context().close();
  });
});

describe('image format converter', () => {
  it('converts an SVG (drawn on the main thread, where an <img> can decode it) to PNG', async () => {
    const { page, foreign } = await open('/image-converter');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20" fill="#ff0000"/></svg>',
    );
    await upload(page, 'icon.svg', 'image/svg+xml', svg);
    await page.getByRole('button', { name: 'Convert' }).click();
    await result(page).waitFor();
    const file = await downloadResult(page);
    expect(file.name).toBe('converted_icon.png');
    expect(inspect(file.bytes)).toEqual({ format: 'png', width: 30, height: 20 });
    expect(pngPixel(file.bytes, 15, 10)).toEqual([255, 0, 0, 255]);
    expect(foreign()).toEqual([]);
    await page.context().close();
  });

  /** Left half transparent, right half opaque green. */
  const halfClear = () => png(64, 32, (x) => (x < 32 ? [255, 0, 0, 0] : [0, 200, 0, 255]));

  it('converts PNG to JPG on white at the chosen quality, and shows the quality slider for JPG only', async () => {
    const { page, foreign } = await open('/image-converter');
    const format = page.getByRole('combobox', { name: 'Target format' });
    expect(await format.locator('option').allTextContents()).toEqual(['PNG', 'JPG', 'WEBP']);
    expect(await page.getByRole('slider', { name: 'Quality' }).count()).toBe(0);
    await upload(page, 'logo.png', 'image/png', halfClear());
    await format.selectOption({ label: 'JPG' });
    expect(await page.getByRole('slider', { name: 'Quality' }).inputValue()).toBe('90');
    await page.getByRole('button', { name: 'Convert' }).click();
    await result(page).waitFor();
    await expectAccessible(page, '/image-converter (result)');
    const file = await downloadResult(page);
    expect(file.name).toBe('converted_logo.jpg');
    expect(inspect(file.bytes)).toEqual({ format: 'jpeg', width: 64, height: 32 });
    const [r, g, b] = jpegPixel(file.bytes, 8, 16);
    expect(Math.min(r!, g!, b!)).toBeGreaterThanOrEqual(250);
    expect(await page.locator('dt', { hasText: 'Size change' }).count()).toBe(1);

    await format.selectOption({ label: 'WEBP' });
    expect(await page.getByRole('slider', { name: 'Quality' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Convert' }).click();
    await page.getByText(/^Converted to WEBP/).waitFor();
    const webp = await downloadResult(page);
    expect(webp.name).toBe('converted_logo.webp');
    expect(inspect(webp.bytes)).toEqual({ format: 'webp', width: 64, height: 32 });

    await format.selectOption({ label: 'PNG' });
    await page.getByRole('button', { name: 'Convert' }).click();
    await page.getByText(/^Converted to PNG/).waitFor();
    const lossless = await downloadResult(page);
    expect(lossless.name).toBe('converted_logo.png');
    expect(pngPixel(lossless.bytes, 40, 16)).toEqual([0, 200, 0, 255]);
    expect(pngPixel(lossless.bytes, 8, 16)[3]).toBe(0);
    expect(foreign()).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
