/**
 * QR codes as files: the `qrcode` package builds the symbol (ISO/IEC 18004), and this module draws
 * it, quiet zone included, as SVG or as a PNG. The PNG is drawn here rather than by the package: it
 * is a 1-bit image with a two-colour palette and whole pixels per module (crisp edges, and a 2048-pixel
 * code is about half a megabyte before compression instead of 16 MB of RGBA), and its compression runs
 * on libuv's threads, so the event loop only sets bits.
 */
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type QrCode from 'qrcode';
import { QR_QUIET_ZONE, type QrEccLevel } from '@toolvault/shared';

const deflate = promisify(zlib.deflate);

/**
 * Loaded on the first QR code, not as the server starts: about 1.2 MB of heap for the life of a
 * process that may never draw one (pnpm bench memory).
 */
let qrcode: typeof QrCode | undefined;

export interface QrSymbol {
  /** Modules per side, without the quiet zone (21 for version 1, 4 more per version). */
  moduleCount: number;
  /** moduleCount² entries, row by row; 1 = dark. */
  modules: Uint8Array;
}

/**
 * The symbol of `text` at `ecc`, the smallest version that holds it. Throws only on a text no
 * version holds, which a short URL never is (PUBLIC_URL is an origin, the code at most a few dozen
 * characters): that would be a bug.
 */
export function qrSymbol(text: string, ecc: QrEccLevel): QrSymbol {
  qrcode ??= createRequire(import.meta.url)('qrcode') as typeof QrCode;
  const qr = qrcode.create(text, { errorCorrectionLevel: ecc });
  return { moduleCount: qr.modules.size, modules: Uint8Array.from(qr.modules.data, (dark) => (dark ? 1 : 0)) };
}

/** Modules per side with the quiet zone. */
export const sideModules = (symbol: QrSymbol): number => symbol.moduleCount + 2 * QR_QUIET_ZONE;

export interface Raster {
  /** Whole pixels per module, so every module is the same square. */
  scale: number;
  /** Background pixels before the quiet zone on each side, centring the code in the size asked for. */
  offset: number;
}

/** How the symbol fits in `size` pixels; null when it has more modules (quiet zone included) than pixels. */
export function rasterOf(symbol: QrSymbol, size: number): Raster | null {
  const side = sideModules(symbol);
  const scale = Math.floor(size / side);
  return scale < 1 ? null : { scale, offset: Math.floor((size - side * scale) / 2) };
}

export interface QrColors {
  /** `#rrggbb`. */
  fg: string;
  bg: string;
}

/** The dark modules as one path of horizontal runs, one unit per module, the quiet zone around them. */
function modulePath({ moduleCount, modules }: QrSymbol): string {
  let path = '';
  for (let row = 0; row < moduleCount; row++) {
    let column = 0;
    while (column < moduleCount) {
      if (!modules[row * moduleCount + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < moduleCount && modules[row * moduleCount + column]) column++;
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${column - start}v1h-${column - start}z`;
    }
  }
  return path;
}

/**
 * SVG of the symbol drawn at `size` pixels with the same raster as the PNG (the background margin
 * and whole pixels per module), so both files show one picture. Colours are `#rrggbb` from the
 * validated query; nothing else of the request is written into the document.
 */
export function qrSvg(symbol: QrSymbol, size: number, { scale, offset }: Raster, { fg, bg }: QrColors): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="${bg}"/>` +
    `<path transform="translate(${offset} ${offset}) scale(${scale})" fill="${fg}" d="${modulePath(symbol)}"/>` +
    `</svg>\n`
  );
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

const rgb = (color: string): number[] => [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16));

/**
 * The symbol as a `size` × `size` PNG: colour type 3 (palette: 0 background, 1 foreground) at one
 * bit per pixel, each row with filter byte 0.
 */
export async function qrPng(symbol: QrSymbol, size: number, raster: Raster, { fg, bg }: QrColors): Promise<Buffer> {
  const { moduleCount, modules } = symbol;
  const { scale, offset } = raster;
  const stride = 1 + Math.ceil(size / 8);
  const pixels = Buffer.alloc(stride * size);
  const origin = offset + QR_QUIET_ZONE * scale;
  for (let row = 0; row < moduleCount; row++) {
    // One pixel row of this module row, copied `scale` times below.
    const first = (origin + row * scale) * stride;
    for (let column = 0; column < moduleCount; column++) {
      if (!modules[row * moduleCount + column]) continue;
      const x0 = origin + column * scale;
      for (let x = x0; x < x0 + scale; x++) pixels[first + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
    for (let dy = 1; dy < scale; dy++) pixels.copy(pixels, first + dy * stride, first, first + stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 3, 0, 0, 0], 8); // bit depth 1, palette, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from([...rgb(bg), ...rgb(fg)])),
    chunk('IDAT', await deflate(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
