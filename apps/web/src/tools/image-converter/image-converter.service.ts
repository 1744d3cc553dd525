/** Image Format Converter: formats, the quality rule, the request and the name. No React, no DOM. */
import { outputFileName } from '../../lib/image-file';
import type { ImageOperation, OutputFormat } from '../../lib/image-processing/operations';
import { urlField } from '../../lib/url-state';

/** Formats png, jpg, webp (the select shows PNG, JPG, WEBP). */
export const TARGET_FORMATS = ['png', 'jpg', 'webp'] as const;
export type TargetFormat = (typeof TARGET_FORMATS)[number];

export const TARGET_LABELS: Record<TargetFormat, string> = { png: 'PNG', jpg: 'JPG', webp: 'WEBP' };

const ENCODER_FORMAT: Record<TargetFormat, OutputFormat> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

/** JPG quality slider 10 to 100, step 5, default 90. */
export const QUALITY = { min: 10, max: 100, step: 5, default: 90 } as const;

/** The quality slider is shown for JPG only. */
export function takesQuality(format: TargetFormat): boolean {
  return format === 'jpg';
}

/**
 * JPG at the chosen quality on a white background; WEBP and PNG
 * at full quality (the quality slider does not apply to them).
 */
export function convertOperation(format: TargetFormat, quality: number = QUALITY.default): ImageOperation {
  return takesQuality(format)
    ? { kind: 'convert', format: ENCODER_FORMAT[format], quality }
    : { kind: 'convert', format: ENCODER_FORMAT[format] };
}

/** "photo.png" → "converted_photo.webp". */
export function convertedFileName(originalName: string, format: TargetFormat): string {
  return outputFileName('converted_', originalName, format);
}

/** The settings a shared address carries (the file never does). */
export const CONVERT_URL = {
  format: urlField.choice(TARGET_FORMATS, 'png'),
  quality: urlField.integer({ min: QUALITY.min, max: QUALITY.max, fallback: QUALITY.default }),
};
