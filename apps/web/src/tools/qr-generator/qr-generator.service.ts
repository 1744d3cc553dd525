/**
 * A standard QR code (ISO/IEC 18004) for the QR Code Generator (docs/decisions/0001-real-tools.md):
 * the `qrcode` package builds the symbol; this module validates the options,
 * wraps the package's errors, and draws the symbol as SVG and PNG.
 */
import { QR_ECC_LABELS, QR_ECC_LEVELS, type QrEccLevel } from '@toolvault/shared';
import qrcode, { type QRCode } from 'qrcode';
import { err, ok, type Result } from '../../lib/result';
import { hasLoneSurrogate, NOT_UNICODE_ERROR } from '../../lib/unicode';
import { encodeGreyscalePng } from './png';
import { formatCount } from '../../lib/format';

/** Size input min 100, max 500, default 200 (pixels). */
export const QR_SIZE = { min: 100, max: 500, default: 200 } as const;

export const ERROR_CORRECTION_LEVELS = QR_ECC_LEVELS;
export type ErrorCorrectionLevel = QrEccLevel;
/** Error-correction level choice, default M. */
export const DEFAULT_LEVEL: ErrorCorrectionLevel = 'M';

/** How much of the symbol each level can rebuild (ISO/IEC 18004 §4.12); the links' QR dialog shows the same. */
export const LEVEL_LABELS = QR_ECC_LABELS;

/** Largest 8-bit text a version-40 symbol holds at each level (ISO/IEC 18004 Table 7). */
export const MAX_BYTES: Record<ErrorCorrectionLevel, number> = { L: 2953, M: 2331, Q: 1663, H: 1273 };

/**
 * The encoding mode a whole text can use, with the unit it is counted in and what a
 * version-40 symbol holds at each level (ISO/IEC 18004 Table 7). The library picks
 * the densest mode per run of characters, so a text of digits only is numeric.
 */
export const QR_MODES = {
  numeric: { unit: 'digits', max: { L: 7089, M: 5596, Q: 3993, H: 3057 } },
  alphanumeric: { unit: 'characters', max: { L: 4296, M: 3391, Q: 2420, H: 1852 } },
  byte: { unit: 'bytes', max: MAX_BYTES },
} as const satisfies Record<string, { unit: string; max: Record<ErrorCorrectionLevel, number> }>;
export type QrMode = keyof typeof QR_MODES;

/** Numeric for digits only, alphanumeric for the 45-character set (0–9, A–Z, space, $%*+-./:), else byte. */
export function textMode(text: string): QrMode {
  if (/^[0-9]+$/.test(text)) return 'numeric';
  if (/^[0-9A-Z $%*+\-./:]+$/.test(text)) return 'alphanumeric';
  return 'byte';
}

/** The text's length in its mode's own unit: digits, characters, or UTF-8 bytes. */
export function modeLength(text: string, mode: QrMode = textMode(text)): number {
  return mode === 'byte' ? new TextEncoder().encode(text).length : text.length;
}

/** ISO/IEC 18004 §6.3.8: a light border four modules wide around the symbol. */
export const QUIET_ZONE = 4;

/** Toast texts. */
export const BLANK_TEXT = 'Please enter text or URL to generate QR code';

export const isErrorCorrectionLevel = (value: unknown): value is ErrorCorrectionLevel =>
  typeof value === 'string' && (ERROR_CORRECTION_LEVELS as readonly string[]).includes(value);

export interface SizeChoice {
  size: number;
  /** Set when the input was not a whole number from 100 to 500 and was changed. */
  note?: string;
}

/** The size input's value as a pixel size: rounded, then clamped to 100–500; not a number → 200. */
export function clampSize(raw: string | number): SizeChoice {
  const text = String(raw).trim();
  const value = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) {
    return { size: QR_SIZE.default, note: `Size must be a number of pixels; using ${QR_SIZE.default}.` };
  }
  const size = Math.min(QR_SIZE.max, Math.max(QR_SIZE.min, Math.round(value)));
  if (size === value) return { size };
  return {
    size,
    note:
      size === Math.round(value)
        ? `Size is a whole number of pixels; using ${size}.`
        : `Size must be between ${QR_SIZE.min} and ${QR_SIZE.max} pixels; using ${size}.`,
  };
}

/** Says how much is too much in the unit of the text's mode ("7,090 digits, but at most 7,089 fit"). */
export function tooMuchText(level: ErrorCorrectionLevel, text: string): string {
  const mode = textMode(text);
  const { unit, max } = QR_MODES[mode];
  const count = (value: number) => formatCount(value);
  return `Too much text for a QR code at error correction level ${level}: ${count(modeLength(text, mode))} ${unit}, but at most ${count(max[level])} fit. Shorten the text or choose a lower level.`;
}

export interface QrSymbol {
  text: string;
  level: ErrorCorrectionLevel;
  /** 1–40. */
  version: number;
  /** Modules per side, without the quiet zone (21 for version 1, +4 per version). */
  moduleCount: number;
  /** moduleCount² entries, row by row; 1 = dark. */
  modules: Uint8Array;
}

const LEVEL_BY_BIT: Record<number, ErrorCorrectionLevel> = { 1: 'L', 0: 'M', 3: 'Q', 2: 'H' };

/** Builds the symbol, choosing the smallest version that holds the text at the level. */
export function createQr({
  text,
  level = DEFAULT_LEVEL,
}: {
  text: string;
  level?: ErrorCorrectionLevel;
}): Result<QrSymbol> {
  if (text.trim() === '') return err(BLANK_TEXT);
  // The code must hold the user's exact text; a lone surrogate would be written as U+FFFD.
  if (hasLoneSurrogate(text)) return err(NOT_UNICODE_ERROR);
  let qr: QRCode;
  try {
    qr = qrcode.create(text, { errorCorrectionLevel: level });
  } catch (error) {
    // The package's one user-facing failure; anything else is a bug and is rethrown.
    if (error instanceof Error && /too big/i.test(error.message)) {
      return err(tooMuchText(level, text));
    }
    throw error;
  }
  const built = LEVEL_BY_BIT[qr.errorCorrectionLevel.bit];
  if (!built) throw new Error(`qrcode returned an unknown error correction level ${qr.errorCorrectionLevel.bit}`);
  return ok({
    text,
    level: built,
    version: qr.version,
    moduleCount: qr.modules.size,
    modules: Uint8Array.from(qr.modules.data, (value) => (value ? 1 : 0)),
  });
}

/** Modules per side including the quiet zone. */
export const sideModules = (qr: QrSymbol): number => qr.moduleCount + 2 * QUIET_ZONE;

export interface Raster {
  /** Whole pixels per module, so every module is the same crisp square. */
  scale: number;
  /** Extra light pixels before the quiet zone, centring the symbol in `size`. */
  offset: number;
}

/** Fits the symbol into `size` pixels with whole pixels per module, or says the size is too small. */
export function rasterLayout(qr: QrSymbol, size: number): Result<Raster> {
  const side = sideModules(qr);
  const scale = Math.floor(size / side);
  if (scale < 1) {
    return err(
      `This code is ${side} modules wide (quiet zone included), more than ${size} pixels. Choose a size of at least ${side} or shorten the text.`,
    );
  }
  return ok({ scale, offset: Math.floor((size - side * scale) / 2) });
}

/** The image as greyscale pixels (0 black, 255 white), `size` × `size`. */
export function rasterize(qr: QrSymbol, size: number, { scale, offset }: Raster): Uint8Array {
  const grey = new Uint8Array(size * size).fill(255);
  const origin = offset + QUIET_ZONE * scale;
  for (let row = 0; row < qr.moduleCount; row++) {
    for (let column = 0; column < qr.moduleCount; column++) {
      if (!qr.modules[row * qr.moduleCount + column]) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (origin + row * scale + dy) * size + origin + column * scale;
        grey.fill(0, start, start + scale);
      }
    }
  }
  return grey;
}

/** SVG of the symbol: one unit per module, quiet zone included, drawn at `size` pixels. */
export function renderSvg(qr: QrSymbol, size: number): string {
  const side = sideModules(qr);
  let path = '';
  for (let row = 0; row < qr.moduleCount; row++) {
    let column = 0;
    while (column < qr.moduleCount) {
      if (!qr.modules[row * qr.moduleCount + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < qr.moduleCount && qr.modules[row * qr.moduleCount + column]) column++;
      const run = column - start;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#ffffff"/>` +
    `<path fill="#000000" d="${path}"/>` +
    `</svg>\n`
  );
}

export interface GeneratedQr {
  qr: QrSymbol;
  size: number;
  png: Uint8Array<ArrayBuffer>;
  svg: string;
  scale: number;
}

/** The whole Generate action: validate, build, draw both files. */
export async function generateQr({
  text,
  size,
  level = DEFAULT_LEVEL,
}: {
  text: string;
  size: number;
  level?: ErrorCorrectionLevel;
}): Promise<Result<GeneratedQr>> {
  const built = createQr({ text, level });
  if (!built.ok) return built;
  const layout = rasterLayout(built.value, size);
  if (!layout.ok) return layout;
  const png = await encodeGreyscalePng(rasterize(built.value, size, layout.value), size, size);
  return ok({ qr: built.value, size, png, svg: renderSvg(built.value, size), scale: layout.value.scale });
}

/** Alt text for the preview: what the code holds, shortened for long text. */
export function qrAltText(text: string): string {
  const shown = Array.from(text);
  return `QR code for: ${shown.length > 80 ? `${shown.slice(0, 80).join('')}…` : text}`;
}
