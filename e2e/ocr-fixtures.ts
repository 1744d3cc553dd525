/** What the OCR browser tests read: a sentence drawn on a canvas in the page under test. */
import type { Page } from 'playwright-core';

export const SENTENCE = 'The quick brown fox jumps over the lazy dog 12345';
/** OCR on this small machine is slow the first time (download, compile, initialise). */
export const OCR_TIMEOUT = 120_000;

export const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Draws the sentence in two lines, black on white, in a large sans-serif, and returns the PNG. */
export async function sentencePng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async (sentence) => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#000000';
    g.font = '44px sans-serif';
    g.textBaseline = 'middle';
    const words = sentence.split(' ');
    g.fillText(words.slice(0, 5).join(' '), 30, 60);
    g.fillText(words.slice(5).join(' '), 30, 140);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((png) => resolve(png!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, SENTENCE);
  return Buffer.from(base64, 'base64');
}

/** Draws `lines` black on white, one under the other in a large sans-serif, and returns the PNG. */
export async function linesPng(page: Page, lines: readonly string[]): Promise<Buffer> {
  const base64 = await page.evaluate(async (text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 60 + text.length * 80;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#000000';
    g.font = '44px sans-serif';
    g.textBaseline = 'middle';
    text.forEach((line, index) => g.fillText(line, 30, 60 + index * 80));
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((png) => resolve(png!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, lines);
  return Buffer.from(base64, 'base64');
}
