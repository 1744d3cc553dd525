/**
 * Reading QR codes back in the tests with an independent decoder: zbar's `zbarimg` (Debian's
 * zbar-tools, installed by scripts/ensure-zbar.mjs before the suite runs). An SVG is first drawn to
 * pixels by the strict reader below, which accepts exactly the document the API writes (a
 * background rect and one path of closed axis-aligned rectangles), so a stray element or attribute
 * fails the test as surely as a wrong module does.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';

const MISSING =
  "zbarimg is not installed: run `node scripts/ensure-zbar.mjs` (it installs Debian's zbar-tools with apt).";

/** Every symbol zbar finds in the image, as its raw text. */
export function zbarDecode(image: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-qr-'));
  const file = path.join(dir, 'code.png');
  try {
    fs.writeFileSync(file, image);
    const run = spawnSync('zbarimg', ['--quiet', '--raw', '--nodbus', '-Sdisable', '-Sqrcode.enable', file], {
      encoding: 'utf8',
    });
    if (run.error) throw new Error(MISSING);
    // Exit 4: the image holds no symbol zbar can read.
    if (run.status === 4) return [];
    if (run.status !== 0) throw new Error(`zbarimg failed (${run.status}): ${run.stderr}`);
    return run.stdout.split('\n').filter((line) => line !== '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const SVG =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(\d+)" height="\1" viewBox="0 0 \1 \1" shape-rendering="crispEdges"><rect width="\1" height="\1" fill="(#[0-9a-f]{6})"\/><path transform="translate\((\d+) \3\) scale\((\d+)\)" fill="(#[0-9a-f]{6})" d="((?:M\d+ \d+h\d+v1h-\d+z)*)"\/><\/svg>\n$/;

export interface DrawnSvg {
  size: number;
  bg: string;
  fg: string;
  /** The picture as a PNG: foreground black, background white. */
  png: Buffer;
}

/** Draws the API's SVG to pixels; throws when the document is anything else. */
export function drawSvg(svg: string): DrawnSvg {
  const match = SVG.exec(svg);
  if (!match) throw new Error(`Not the QR SVG the API writes: ${svg.slice(0, 300)}`);
  const [, sizeText, bg, offsetText, scaleText, fg, d] = match as unknown as [string, ...string[]];
  const [size, offset, scale] = [sizeText, offsetText, scaleText].map(Number) as [number, number, number];
  const image = new PNG({ width: size, height: size, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  const pixels = Buffer.alloc(size * size, 255);
  for (const run of d!.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    const [x, y, width, back] = run.slice(1).map(Number) as [number, number, number, number];
    if (width !== back || width === 0) throw new Error(`Not a closed rectangle: ${run[0]}`);
    for (let dy = 0; dy < scale; dy++) {
      const row = offset + y * scale + dy;
      const start = row * size + offset + x * scale;
      if (row >= size || offset + (x + width) * scale > size) throw new Error(`Outside the picture: ${run[0]}`);
      pixels.fill(0, start, start + width * scale);
    }
  }
  image.data = pixels;
  return {
    size,
    bg: bg!,
    fg: fg!,
    png: PNG.sync.write(image, { colorType: 0, inputColorType: 0, inputHasAlpha: false }),
  };
}

/** A PNG's width, height, bit depth, colour type and palette (PLTE), read from its chunks. */
export function pngHeader(png: Buffer): {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  palette: string[];
} {
  expect8(png);
  let offset = 8;
  let header: { width: number; height: number; bitDepth: number; colorType: number } | undefined;
  let palette: string[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitDepth: data[8]!, colorType: data[9]! };
    }
    if (type === 'PLTE') {
      palette = [];
      for (let i = 0; i < data.length; i += 3) {
        palette.push(`#${[...data.subarray(i, i + 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`);
      }
    }
    offset += 12 + length;
  }
  if (!header) throw new Error('No IHDR chunk');
  return { ...header, palette };
}

function expect8(png: Buffer): void {
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    throw new Error('Not a PNG');
  }
}
