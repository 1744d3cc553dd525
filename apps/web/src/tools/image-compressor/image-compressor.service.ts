/** Image Compressor: the sliders' limits, the scale rule, the request and the name. No React, no DOM. */
import { outputFileName } from '../../lib/image-file';
import { fitWithin, type Size } from '../../lib/image-processing/geometry';
import type { ImageOperation } from '../../lib/image-processing/operations';
import { urlField } from '../../lib/url-state';

/** Quality slider 10 to 100 step 5, default 80. */
export const QUALITY = { min: 10, max: 100, step: 5, default: 80 } as const;
/** Max width and max height sliders 100 to 4000 step 100, defaults 1920 and 1080. */
export const MAX_SIZE = { min: 100, max: 4000, step: 100, defaultWidth: 1920, defaultHeight: 1080 } as const;

export interface CompressOptions {
  quality?: number;
  maxWidth?: number;
  maxHeight?: number;
}

/** JPEG out, in one encode pass at the chosen quality. */
export function compressOperation({
  quality = QUALITY.default,
  maxWidth = MAX_SIZE.defaultWidth,
  maxHeight = MAX_SIZE.defaultHeight,
}: CompressOptions = {}): ImageOperation {
  return { kind: 'compress', quality, maxWidth, maxHeight };
}

/** Larger images are scaled down proportionally to fit the maxima, never up. */
export function compressedSize(
  source: Size,
  { maxWidth = MAX_SIZE.defaultWidth, maxHeight = MAX_SIZE.defaultHeight }: CompressOptions = {},
): Size {
  return fitWithin(source, { width: maxWidth, height: maxHeight });
}

/** "photo.png" → "compressed_photo.jpg" (the output is always JPEG). */
export function compressedFileName(originalName: string): string {
  return outputFileName('compressed_', originalName, 'jpg');
}

/** The settings a shared address carries (the file never does). */
export const COMPRESS_URL = {
  quality: urlField.integer({ min: QUALITY.min, max: QUALITY.max, fallback: QUALITY.default }),
  maxWidth: urlField.integer({ min: MAX_SIZE.min, max: MAX_SIZE.max, fallback: MAX_SIZE.defaultWidth }),
  maxHeight: urlField.integer({ min: MAX_SIZE.min, max: MAX_SIZE.max, fallback: MAX_SIZE.defaultHeight }),
};
