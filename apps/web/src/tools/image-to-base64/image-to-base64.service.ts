/**
 * Sizes and names for the Image to Base64 tool. The data URL
 * itself comes from the browser's FileReader; this module only describes it.
 */
import { err, ok, type Result } from '../../lib/result';

/** Sizes are shown in binary megabytes, two decimals, as designed ("in MB"). */
export const BYTES_PER_MB = 1024 * 1024;

export const INVALID_DATA_URL = 'The file could not be read as a Base64 data URL';

export interface DataUrlParts {
  /** e.g. "image/png" */
  mediaType: string;
  /** The Base64 text after the comma. */
  payload: string;
}

/** Splits "data:image/png;base64,iVBOR…" into its media type and Base64 payload. */
export function splitDataUrl(dataUrl: string): Result<DataUrlParts> {
  const match = /^data:([^,;]*)((?:;[^,;]*)*);base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  if (!match || (match[3]?.length ?? 0) % 4 !== 0) return err(INVALID_DATA_URL);
  return ok({ mediaType: match[1] || 'application/octet-stream', payload: match[3] ?? '' });
}

/** The Base64 size is estimated as 3/4 of the payload length. */
export function estimatedBase64Bytes(payloadLength: number): number {
  return (payloadLength * 3) / 4;
}

/** The exact number of bytes the payload decodes to: the estimate less one byte per "=" of padding. */
export function decodedBytes(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return estimatedBase64Bytes(payload.length) - padding;
}

/** "0.01 MB" — megabytes to two decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / BYTES_PER_MB).toFixed(2)} MB`;
}

export interface Base64Summary extends DataUrlParts {
  dataUrl: string;
  /** The file's size on disk. */
  originalBytes: number;
  /** The "Base64 size" shown: 3/4 of the payload length. */
  base64Bytes: number;
  /** The data URL's own length — what pasting it into code costs (one byte per character: it is ASCII). */
  dataUrlBytes: number;
}

export function summarizeDataUrl(dataUrl: string, originalBytes: number): Result<Base64Summary> {
  const parts = splitDataUrl(dataUrl);
  if (!parts.ok) return parts;
  return ok({
    ...parts.value,
    dataUrl,
    originalBytes,
    base64Bytes: estimatedBase64Bytes(parts.value.payload.length),
    dataUrlBytes: dataUrl.length,
  });
}

/** "logo.png" → "logo_base64.txt". */
export function base64FileName(originalName: string): string {
  const base = originalName.replace(/\.[^./\\]+$/, '') || 'image';
  return `${base}_base64.txt`;
}
