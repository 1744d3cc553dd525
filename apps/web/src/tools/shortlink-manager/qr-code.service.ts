/**
 * The QR dialog's logic, without React: the settings as typed, whether they can be asked for, and
 * the query the API takes (GET /api/shortlinks/{id}/qr draws the code; the page only shows it).
 */
import {
  checkQrColors,
  formatRatio,
  parseHexColor,
  QR_DEFAULT_COLORS,
  QR_DEFAULTS,
  QR_MIN_CONTRAST,
  QR_SIZE,
  type QrEccLevel,
  type QrFormat,
} from '@toolvault/shared';

export interface QrSettings {
  /** The size field as typed. */
  size: string;
  ecc: QrEccLevel;
  /** Colour fields as typed (`#rrggbb` from a colour picker, or hex typed by hand). */
  fg: string;
  bg: string;
}

export const DEFAULT_QR_SETTINGS: QrSettings = {
  size: String(QR_DEFAULTS.size),
  ecc: QR_DEFAULTS.ecc,
  fg: QR_DEFAULT_COLORS.fg,
  bg: QR_DEFAULT_COLORS.bg,
};

export const QR_SIZE_MESSAGE = `Size must be a whole number of pixels from ${QR_SIZE.min} to ${QR_SIZE.max}.`;

export type QrRequest = { size: number; ecc: QrEccLevel; fg: string; bg: string };

export type QrSettingsCheck =
  | { ok: true; request: QrRequest; contrast: string }
  | { ok: false; sizeError?: string; colorError?: string; contrast?: string };

/**
 * The settings as the API will take them, or what is wrong with them: the size, and the colours
 * (each a hex colour, the foreground darker, the same 4.5:1 contrast the server demands).
 */
export function checkQrSettings(settings: QrSettings): QrSettingsCheck {
  const digits = settings.size.trim();
  const size = /^\d{1,6}$/.test(digits) ? Number(digits) : Number.NaN;
  const sizeError = size >= QR_SIZE.min && size <= QR_SIZE.max ? undefined : QR_SIZE_MESSAGE;
  const fg = parseHexColor(settings.fg);
  const bg = parseHexColor(settings.bg);
  if (!fg || !bg) {
    return {
      ok: false,
      sizeError,
      colorError: `The ${fg ? 'background' : 'foreground'} must be a hex colour like #1a2b3c.`,
    };
  }
  const colors = checkQrColors(fg, bg);
  const contrast = contrastText(colors.ratio);
  if (!colors.ok) return { ok: false, sizeError, colorError: colors.message, contrast };
  if (sizeError) return { ok: false, sizeError, contrast };
  return { ok: true, request: { size, ecc: settings.ecc, fg, bg }, contrast };
}

const contrastText = (ratio: number) => `Contrast ${formatRatio(ratio)} (at least ${QR_MIN_CONTRAST}:1 needed)`;

/** The query of GET /api/shortlinks/{id}/qr for `format`. */
export const qrQuery = (request: QrRequest, format: QrFormat) => ({ format, ...request });

/** What a download is saved as: `abc123-qr-512.png`. */
export const qrFileName = (shortCode: string, request: QrRequest, format: QrFormat) =>
  `${shortCode}-qr-${request.size}.${format}`;
