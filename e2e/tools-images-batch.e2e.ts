/**
 * The image tools' batch and shareable settings in Chromium: ten generated
 * JPEGs (and two files that must fail on their own rows) compressed in the
 * worker pool, the "Download all" ZIP unpacked here with fflate and every
 * entry checked; settings that survive a reload and come back with Back; and
 * the resizer's Fit mode, whose output is exactly the preset size with the
 * padding colour around the whole image.
 */
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { inspect, photoJpeg, png } from './image-fixtures';
import { downloadFrom, expectAccessible, newPage, pageErrors } from './support';

async function open(path: string) {
  const page = await newPage();
  await page.goto(path);
  await page.getByRole('heading', { level: 2, name: 'Upload Image' }).waitFor();
  return page;
}

const slider = (page: Page, name: string) => page.getByRole('slider', { name });
const search = (page: Page) => new URL(page.url()).searchParams;

/** Source sizes and what the compressor's defaults (1920 × 1080 maxima, never enlarged) make of them. */
const SOURCES: [width: number, height: number, expected: [number, number]][] = [
  [2400, 1200, [1920, 960]],
  [1600, 1200, [1440, 1080]],
  [1200, 1600, [810, 1080]],
  [640, 480, [640, 480]],
  [2000, 1000, [1920, 960]],
  [300, 200, [300, 200]],
  [1920, 1080, [1920, 1080]],
  [1000, 2000, [540, 1080]],
  [2200, 1100, [1920, 960]],
  [100, 100, [100, 100]],
];

describe('image batch', () => {
  it('compresses ten JPEGs in the worker pool; two bad files fail on their rows; the ZIP holds ten JPEGs of the right sizes', async () => {
    const page = await open('/image-compressor');
    const files = SOURCES.map(([width, height], index) => ({
      name: `photo-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: photoJpeg(width, height, 85),
    }));
    files.splice(3, 0, { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a jpeg at all') });
    files.push({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByLabel('Choose or drop images for the batch').setInputFiles(files);

    const rows = page.getByRole('table').getByRole('row');
    expect(await rows.count()).toBe(13);
    const status = (name: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .locator('td')
        .nth(3);
    expect(await status('notes.txt').textContent()).toBe('Please select a valid image file');

    await page.getByRole('button', { name: 'Process 11 images' }).click();
    await page.getByText('10 of 12 done, 2 failed.').waitFor({ timeout: 60_000 });
    expect(await status('broken.jpg').textContent()).toBe('Failed to load image');
    for (let index = 1; index <= 10; index += 1) expect(await status(`photo-${index}.jpg`).textContent()).toBe('Done');
    expect(await page.getByText(/^Total: .+ → .+ \(\d+\.\d% (smaller|larger)\)$/).count()).toBe(1);
    await expectAccessible(page, '/image-compressor (batch)');

    const zip = await downloadFrom(page.getByRole('button', { name: 'Download all (ZIP)' }));
    expect(zip.name).toBe('compressed_images.zip');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(entries).sort()).toEqual(SOURCES.map((_, index) => `compressed_photo-${index + 1}.jpg`).sort());
    SOURCES.forEach(([, , [width, height]], index) => {
      const bytes = Buffer.from(entries[`compressed_photo-${index + 1}.jpg`]!);
      expect(inspect(bytes), `photo-${index + 1}`).toEqual({ format: 'jpeg', width, height });
    });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('Cancel batch stops the rest and keeps what finished', async () => {
    const page = await open('/image-rotator');
    const photo = photoJpeg(1200, 900, 80);
    const files = Array.from({ length: 12 }, (_, index) => ({
      name: `big-${index}.jpg`,
      mimeType: 'image/jpeg',
      buffer: photo,
    }));
    await page.getByLabel('Choose or drop images for the batch').setInputFiles(files);
    await page.getByRole('button', { name: 'Process 12 images' }).click();
    await page.getByRole('button', { name: 'Cancel batch' }).click();
    await page.getByText(/^Batch cancelled: \d+ of 12 images were processed\.$/).waitFor();
    const cancelled = await page.getByRole('cell', { name: 'Cancelled', exact: true }).count();
    expect(cancelled).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Process 12 images' }).isEnabled()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('shareable image settings', () => {
  it('keeps the compressor sliders in the address: a reload and a copied link reopen them', async () => {
    const page = await open('/image-compressor');
    await slider(page, 'Quality').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await slider(page, 'Max Width').focus();
    await page.keyboard.press('ArrowLeft');
    // Slider steps replace the history entry in place (no navigation to wait for).
    await expect.poll(() => Object.fromEntries(search(page))).toEqual({ quality: '70', maxWidth: '1900' });

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Upload Image' }).waitFor();
    expect(await slider(page, 'Quality').inputValue()).toBe('70');
    expect(await slider(page, 'Max Width').inputValue()).toBe('1900');
    expect(await slider(page, 'Max Height').inputValue()).toBe('1080');

    // A hand-edited address: a bad value falls back to its default, the others stay.
    await page.goto('/image-compressor?quality=7&maxWidth=800&maxHeight=600');
    expect(await slider(page, 'Quality').inputValue()).toBe('80');
    expect(await slider(page, 'Max Width').inputValue()).toBe('800');
    expect(await slider(page, 'Max Height').inputValue()).toBe('600');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('Back and Forward restore the resizer choices; a reload keeps them', async () => {
    const page = await open('/image-resizer');
    const mode = page.getByRole('combobox', { name: 'Resize mode' });
    await mode.selectOption('instagram');
    // Each choice is its own history entry once the router has applied it; a second choice
    // before that replaces the first navigation (seen on a slow CI machine), so wait as a person would.
    await expect.poll(() => Object.fromEntries(search(page))).toEqual({ mode: 'instagram' });
    await page.getByLabel('Fit (keep everything, pad with a colour)').check();
    await expect.poll(() => Object.fromEntries(search(page))).toEqual({ mode: 'instagram', fit: 'fit' });

    // Back/Forward between entries of one document fire popstate; React renders the
    // restored choice a moment after goBack() returns, so each check polls (for longer than
    // expect.poll's default second: a loaded CI machine has taken more).
    const settled = { timeout: 10_000 };
    await page.goBack();
    await expect.poll(() => page.getByLabel('Fill (crop edges)').isChecked(), settled).toBe(true);
    await page.goBack();
    await expect.poll(() => mode.inputValue(), settled).toBe('custom');
    await page.goForward();
    await page.goForward();
    await expect.poll(() => mode.inputValue(), settled).toBe('instagram');
    await expect
      .poll(() => page.getByLabel('Fit (keep everything, pad with a colour)').isChecked(), settled)
      .toBe(true);

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Upload Image' }).waitFor();
    expect(await mode.inputValue()).toBe('instagram');
    expect(await page.getByLabel('Fit (keep everything, pad with a colour)').isChecked()).toBe(true);
    await expectAccessible(page, '/image-resizer (Fit)');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('image resizer Fit', () => {
  it('gives exactly the preset size, the whole image centred on the padding colour', async () => {
    const page = await open('/image-resizer?mode=instagram&fit=fit&pad=%23ff0000');
    expect(await page.getByLabel(/Padding colour/).inputValue()).toBe('#ff0000');
    // 400 × 200, blue: fitted into 1080 × 1080 it becomes 1080 × 540, with red bands of 270 above and below.
    await page.getByLabel('Upload image').setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: png(400, 200, () => [0, 0, 255, 255]),
    });
    await page.getByRole('button', { name: 'Resize Image' }).click();
    await page.getByText('Resized to 1080 × 1080 px, PNG ready to download.').waitFor();
    const resultCard = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Result', exact: true }) });
    const file = await downloadFrom(resultCard.getByRole('button', { name: 'Download', exact: true }));
    expect(file.name).toBe('resized_wide.png');
    expect(inspect(file.bytes)).toEqual({ format: 'png', width: 1080, height: 1080 });
    const image = PNG.sync.read(file.bytes);
    const pixel = (x: number, y: number) => [...image.data.subarray((y * 1080 + x) * 4, (y * 1080 + x) * 4 + 4)];
    expect(pixel(540, 10)).toEqual([255, 0, 0, 255]);
    expect(pixel(540, 1070)).toEqual([255, 0, 0, 255]);
    expect(pixel(540, 540)).toEqual([0, 0, 255, 255]);
    expect(pixel(0, 300)).toEqual([0, 0, 255, 255]);
    expect(pixel(540, 265)).toEqual([255, 0, 0, 255]);
    expect(pixel(540, 275)).toEqual([0, 0, 255, 255]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
