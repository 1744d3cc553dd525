/** Image to Grayscale: the request and the download name. No React, no DOM. */
import { outputFileName } from '../../lib/image-file';
import type { ImageOperation } from '../../lib/image-processing/operations';

export { LUMA_WEIGHTS, grayscaleInPlace } from '../../lib/image-processing/pixels';

/** Toast texts. */
export const GRAYSCALE_MESSAGE = 'Image converted to grayscale successfully!';

/** Luma 0.299 R + 0.587 G + 0.114 B, alpha kept, PNG. */
export function grayscaleOperation(): ImageOperation {
  return { kind: 'grayscale' };
}

/** Download prefix grayscale_, PNG. */
export function grayscaleFileName(originalName: string): string {
  return outputFileName('grayscale_', originalName, 'png');
}
