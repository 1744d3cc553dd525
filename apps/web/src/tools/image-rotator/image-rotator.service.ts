/** Image Rotator: the angle rule, the request and the download name. No React, no DOM. */
import { outputFileName } from '../../lib/image-file';
import { rotatedBounds, type Size } from '../../lib/image-processing/geometry';
import type { ImageOperation } from '../../lib/image-processing/operations';
import { err, ok, type Result } from '../../lib/result';
import { urlField } from '../../lib/url-state';

/** Angle input min −360, max 360, default 90. */
export const ANGLE = { min: -360, max: 360, default: 90 } as const;

/** Toast texts. */
export const ROTATED_MESSAGE = 'Image rotated successfully!';
export const ANGLE_RANGE_MESSAGE = `Enter an angle between ${ANGLE.min} and ${ANGLE.max} degrees`;

/** The angle field's text → degrees: any integer or decimal within −360…360. */
export function parseAngle(text: string): Result<number> {
  const trimmed = text.trim();
  const degrees = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(degrees)) return err(ANGLE_RANGE_MESSAGE);
  if (degrees < ANGLE.min || degrees > ANGLE.max) return err(ANGLE_RANGE_MESSAGE);
  return ok(degrees + 0);
}

export function rotateOperation(degrees: number): ImageOperation {
  return { kind: 'rotate', degrees };
}

/** PNG output, the canvas enlarged to the rotated bounds. */
export function rotatedSize(source: Size, degrees: number): Size {
  return rotatedBounds(source, degrees);
}

/** Download prefix rotated_, PNG. */
export function rotatedFileName(originalName: string): string {
  return outputFileName('rotated_', originalName, 'png');
}

/** The settings a shared address carries (the file never does). */
export const ROTATE_URL = {
  angle: urlField.decimal({ min: ANGLE.min, max: ANGLE.max, fallback: ANGLE.default }),
};
